import type { Shard } from './shard.js';
import type { FaultPlan, ValidationMode } from '../../../fake-central/index.js';
import type { BenchConfig, PriceTable, SandboxMode } from '../../config/types.js';
import type { BudgetLimits } from '../../llm/budget.js';
import type { PolicyChoice } from '../../llm/run-policies.js';
import type { Secret } from '../../metrics/leak-scan.js';
import type { EscapePolicy } from '../../metrics/types.js';
import type { Isolation, ReportSelection } from '../../report/types.js';
import type { SweepMode } from '../../report/sweep-types.js';
import type { Scenario } from '../../scenarios/types.js';
import type { TokenizerName } from '../../tokens/count-tokens.js';

// The input of runBench (src/run/run-bench.ts). It lives in src/run so that the run's helpers
// (check-options.ts) read it without importing the orchestrator that imports them.

/** What to run: servers × scenarios × runs, and how. */
export interface RunBenchOptions {
  config: BenchConfig;
  /** Server names from `config.servers`, in report order. */
  servers: string[];
  /** Scenarios in report order (as loadScenarios returned them). */
  scenarios: Scenario[];
  /** Runs per scenario (default 5); fewer need `allowFewRuns` and make the report non-gating. */
  runs?: number;
  /** Accept runs < 5 for an exploratory run; the report says `gating_eligible: false`. */
  allowFewRuns?: boolean;
  /** `run` (default): a fresh process, HOME and TMPDIR per run; `scenario`: one per scenario. */
  isolation?: Isolation;
  /** Parallel workers, each with its own fakes and server processes (default 1). */
  concurrency?: number;
  tokenizer?: TokenizerName;
  /** The bench tree: `fixture:` paths and compared-servers.yml resolve here. */
  root: string;
  /** Where scenario `source.file` paths resolve (default process.cwd()). */
  cwd?: string;
  /** When set, report.json and summary.md are written here. */
  outDir?: string;
  /** A fault plan every fake injects. */
  faults?: FaultPlan | null;
  /** Run servers in the sandbox: `auto` (default: where available), `on` (required) or `off`. */
  sandbox?: SandboxMode;
  /** `record` (default): refused escapes are findings; `fail`: they are safety failures. */
  escapes?: EscapePolicy;
  /**
   * How the fakes treat requests HPE's documents forbid: `documents` (default) refuses them as
   * the API does (400, nothing changes, a finding); `lenient` lets them through to the handlers.
   */
  validation?: ValidationMode;
  /**
   * Every suite file of the manifest, before filters and shards (resolveBench's
   * `manifestFiles`): manifest.hash covers these whole. Default: the selected scenarios' files.
   */
  manifestFiles?: readonly string[];
  /** Who decides the tool calls (default: the scripted policy). */
  policy?: PolicyChoice;
  /** Limits over the whole bench for model-driven runs; a spent budget makes a partial report. */
  budget?: BudgetLimits;
  /**
   * The harness's own secrets (run/execute/harness-secrets.ts: the request's environment and
   * what its entry took out of it), looked for and redacted in everything a server said; unset:
   * none (a test that runs the core without an entry).
   */
  harnessSecrets?: Secret[];
  /** Prices by model id, over the built-in table (the bench config's `prices:`). */
  prices?: PriceTable;
  /**
   * The whole run's wall-clock deadline in ms (default: derived from the plan, run-deadline.ts):
   * past it nothing more starts, the servers are killed and the report is partial.
   */
  deadlineMs?: number;
  /**
   * The slice of the manifest these scenarios are (`shard: i/n`) and every id the run selected
   * before the shard, recorded in the report for merge.
   */
  shard?: (Shard & { selected: readonly string[] }) | null;
  /**
   * What the person asked to run (`--server`, `--suite`, `--scenario`), recorded in the report so
   * that the gate compares a subset only with what it selected. Absent: nothing was narrowed.
   */
  selection?: ReportSelection | null;
  /** The tool sweep (src/sweep): `read` (default) calls every read tool, `all` writes too. */
  sweep?: SweepMode;
}
