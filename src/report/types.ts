import type { FaultPlan } from '../../fake-central/index.js';
import type { PolicyInfo, StopReason } from '../agent/types.js';
import type { CallKind } from '../../fake-central/types.js';
import type { Discoverability } from '../metrics/discoverability/discoverability.js';
import type { DiscoverabilitySummary } from '../metrics/discoverability/summarize.js';
import type { SafetyFinding } from '../metrics/types.js';
import type { WriteGate } from '../scenarios/types.js';
import type { TokenizerName } from '../tokens/count-tokens.js';

/** Version of schemas/report.schema.json the report conforms to (semver: additive = minor). */
export const REPORT_SCHEMA_VERSION = '1.0.0';
/** The schema's `$id`; a report names it in `$schema`. */
export const REPORT_SCHEMA_ID = `https://github.com/hpe-mcp-bench/schemas/report-${REPORT_SCHEMA_VERSION}.schema.json`;

/** A tokenizer the harness counts with (js-tiktoken's bundled ranks). */
export type Tokenizer = TokenizerName;

/** `run`: a fresh server process, HOME and TMPDIR per run; `scenario`: one process per scenario. */
export const ISOLATIONS = ['run', 'scenario'] as const;
export type Isolation = (typeof ISOLATIONS)[number];

/** Where a figure comes from; API calls are counted inside the fake, never from client logs. */
export type FigureProvenance = 'computed' | 'measured' | 'measured (server-side)';

/** Median and interquartile range of a figure over a scenario's runs (quantile type 7). */
export interface Spread {
  median: number;
  q1: number;
  q3: number;
  /** Runs the figure was taken over (errored runs have none). */
  n: number;
}

export interface TokenSpread extends Spread {
  provenance: 'computed';
  tokenizer: Tokenizer;
}
export interface LatencySpread extends Spread {
  provenance: 'measured';
}
export interface CallSpread extends Spread {
  provenance: 'measured (server-side)';
}

/** A binary metric over runs: the majority verdict (strictly more than half), pass rate, per run. */
export interface MajorityVerdict {
  majority: boolean;
  pass_rate: number;
  per_run: boolean[];
}

/** A metric where one bad run is enough (safety_failure, gate_absent). */
export interface AnyRunVerdict {
  any: boolean;
  runs_failed: number;
  per_run: boolean[];
}

/** Why a run produced no metrics: the server did not start, or the harness failed mid-run. */
export interface RunError {
  phase: 'startup' | 'run';
  message: string;
  stderr_tail: string | null;
}

/** Token figures of one run. */
export interface RunTokens {
  input: number;
  output: number;
  total: number;
  menu: number;
  provenance: 'computed' | 'measured' | 'estimated';
  tokenizer: string;
}

/** Server-side call counts of one run (the token endpoint apart, as auth_calls). */
export interface RunApiCalls {
  total: number;
  auth_calls: number;
  by_kind: Partial<Record<CallKind, number>>;
  excess: number;
  flailing: boolean;
  flailing_calls: string[];
}

/** One run of one scenario against one server. Errored runs fail every binary metric but safety. */
export interface RunResult {
  run: number;
  status: 'ok' | 'error';
  error: RunError | null;
  stop_reason: StopReason | null;
  /** Tool names in call order. */
  tools_called: string[];
  task_success: boolean;
  task_failures: string[];
  tool_selection_accuracy: boolean;
  tool_selection_failures: string[];
  tokens: RunTokens | null;
  api_calls: RunApiCalls | null;
  safety_failure: boolean;
  safety_findings: SafetyFinding[];
  gate_absent: boolean;
  gate_absent_calls: string[];
  /** Timing (removed by stripTiming): intent → final answer, and process start → tools/list. */
  latency_ms: number | null;
  startup_ms: number | null;
}

/** One scenario against one server over all its runs. Absent: no expected_tools entry, no runs. */
export interface ScenarioServerResult {
  server: string;
  absent: boolean;
  runs: RunResult[];
  /** Runs that errored (start-up failure or harness failure). */
  errors: number;
  task_success: MajorityVerdict | null;
  tool_selection_accuracy: MajorityVerdict | null;
  safety_failure: AnyRunVerdict | null;
  gate_absent: AnyRunVerdict | null;
  /** Majority of runs flailed (calls outside api_calls ∪ allowed_calls ∪ polls, faults excluded). */
  flailing: MajorityVerdict | null;
  tokens: TokenSpread | null;
  api_calls: CallSpread | null;
  latency_ms: LatencySpread | null;
  startup_ms: LatencySpread | null;
  /**
   * How findable the expected tools are from the intent alone (BM25 over the menu, no model;
   * docs/discoverability.md). Null when absent or the server never started; missing in reports
   * older than the field.
   */
  discoverability?: Discoverability | null;
}

/** One scenario and its results per server (servers in the order they were asked for). */
export interface ScenarioReport {
  id: string;
  suite: string;
  fixture: string;
  write_gate: WriteGate;
  results: ScenarioServerResult[];
}

/** A fraction over scenarios (null when there were none to count). */
export interface Fraction {
  fraction: number | null;
  passed: number;
  of: number;
}

/** Mean and p95 (quantile type 7) of a figure over every scored run of a suite. */
export interface MeanP95 {
  mean: number;
  p95: number;
  n: number;
}

/** A suite (or all suites) against one server. */
export interface SuiteServerResult {
  server: string;
  /** Scenarios the server ran (not absent). */
  scenarios: number;
  absent: number;
  /** Errored runs. */
  errors: number;
  /** Scenarios whose majority verdict passed, over the scenarios run. */
  task_success: Fraction;
  tool_selection_accuracy: Fraction;
  tokens: (MeanP95 & { provenance: 'computed'; tokenizer: Tokenizer }) | null;
  api_calls: (MeanP95 & { provenance: 'measured (server-side)' }) | null;
  /** Scenarios with at least one unsafe run; one fails the suite. */
  safety_failures: number;
  safety_failure: boolean;
  gate_absent: number;
  flailing: number;
  latency_ms: (MeanP95 & { provenance: 'measured' }) | null;
}

export interface SuiteReport {
  suite: string;
  scenarios: number;
  results: SuiteServerResult[];
}

/** The tool menu a server lists, in tokens: the total and the 10 heaviest tools. */
export interface MenuReport {
  tool_count: number;
  total: number;
  heaviest: { name: string; tokens: number }[];
  /** Every tool name the server listed, sorted (the tool surface a PR may change). */
  tools: string[];
  provenance: 'computed';
  tokenizer: Tokenizer;
  /** The run the menu was read from (the first successful one in report order). */
  scenario: string;
}

/** A server under test as run. */
export interface ServerReport {
  name: string;
  /** Whose expected_tools and plans it ran under (its own name unless the config says `scenarioKey`). */
  scenario_key: string;
  transport: 'stdio' | 'http';
  /** serverInfo from MCP initialize (null when it never started). */
  info: { name: string; version: string } | null;
  /** `pinned`: the commit compared-servers.yml pins; `repo_head`: HEAD of the local checkout. */
  git: { sha: string; source: 'pinned' | 'repo_head' } | null;
  notes: string | null;
  menu: MenuReport | null;
  /** Means of the per-scenario discoverability figures (docs/discoverability.md). */
  discoverability?: ServerDiscoverability | null;
}

/** A server's discoverability over its scenarios, with the menu cost it is traded against. */
export interface ServerDiscoverability extends DiscoverabilitySummary {
  /** The menu's token cost (= menu.total), the other side of the trade-off. */
  menu_tokens: number;
  /** sha256 of the text the retriever reads; a change means names, descriptions or parameters changed. */
  menu_text_hash: string;
}

/** The whole report.json (schemas/report.schema.json). */
export interface Report {
  $schema: typeof REPORT_SCHEMA_ID;
  schema_version: typeof REPORT_SCHEMA_VERSION;
  harness: { name: 'hpe-mcp-bench'; version: string };
  generated_at: string;
  /** Wall time of the whole bench (timing). */
  duration_ms: number;
  /** False when runs < 5: such a report must not gate a PR or be published. */
  gating_eligible: boolean;
  settings: {
    runs: number;
    isolation: Isolation;
    concurrency: number;
    tokenizer: Tokenizer;
    policy: PolicyInfo;
    faults: FaultPlan | null;
    quantiles: 'type7-linear';
  };
  manifest: { hash: string; files: string[]; scenarios: string[] };
  fixtures: { path: string; id: string; version: string; content_hash: string }[];
  servers: ServerReport[];
  provenance: {
    tokens: 'computed';
    tokenizer: Tokenizer;
    latency_ms: 'measured';
    startup_ms: 'measured';
    api_calls: 'measured (server-side)';
  };
  caveats: string[];
  scenarios: ScenarioReport[];
  suites: SuiteReport[];
  /** Every suite together, per server. */
  overall: SuiteServerResult[];
}
