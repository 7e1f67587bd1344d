import { availableParallelism } from 'node:os';
import type { FaultPlan } from '../../fake-central/index.js';
import { BenchError } from '../common/errors.js';
import { MIN_GATING_RUNS } from '../report/build-report.js';
import { ESCAPE_POLICIES, type EscapePolicy } from '../metrics/types.js';
import { ISOLATIONS, type Isolation } from '../report/types.js';
import { SANDBOX_MODES, type SandboxMode } from '../config/types.js';
import type { RunBenchOptions } from './run-bench-options.js';
import { DEFAULT_TOKENIZER, TOKENIZERS, type TokenizerName } from '../tokens/count-tokens.js';

/** The settings a bench runs with, defaults filled in. */
export interface CheckedSettings {
  runs: number;
  isolation: Isolation;
  concurrency: number;
  tokenizer: TokenizerName;
  faults: FaultPlan | null;
  sandbox: SandboxMode;
  escapes: EscapePolicy;
}

const positiveInt = (value: number): boolean => Number.isInteger(value) && value >= 1;

/**
 * Above these a bench is a mistake, not a measurement: 1,000 runs per scenario already gives a
 * pass rate to ±3 % and takes hours; a worker per server process beyond 64 only queues them on
 * this machine's cores (and `--runs 100000000` planned 1.6 GB of work before printing anything).
 */
export const MAX_RUNS = 1000;
export const MAX_CONCURRENCY = 64;

/**
 * The isolation a bench runs with when none is given: one server process per scenario, its runs
 * sharing it with the fake reset between them. A server's start-up (seconds for a Python server)
 * then costs once per scenario instead of once per run; the first run of every scenario meets a
 * fresh process, so the later runs are compared with it and a server that keeps state across runs
 * is flagged (`servers[].cross_run_state`). Under a fault plan the default is `run`.
 * docs/report-format.md "Isolation and concurrency" says why.
 */
export const DEFAULT_ISOLATION: Isolation = 'scenario';

/** Workers when none is given: the cores this process may use (CLI and action alike). */
export const defaultConcurrency = (): number => Math.max(1, availableParallelism());

/**
 * Validates runBench's options and fills in defaults (5 runs, {@link DEFAULT_ISOLATION},
 * {@link defaultConcurrency}, cl100k_base). Every problem is a usage error naming the value and the valid ones.
 */
export function checkOptions(options: RunBenchOptions): CheckedSettings {
  const known = Object.keys(options.config.servers);
  const where = options.config.file ?? 'the built-in default config';
  if (options.servers.length === 0) {
    throw new BenchError('usage', 'no server to run', {
      hint: `servers in ${where}: ${known.join(', ')}`,
    });
  }
  for (const server of options.servers) {
    if (!known.includes(server)) {
      throw new BenchError('usage', `unknown server "${server}"`, {
        hint: `servers in ${where}: ${known.join(', ') || '(none)'}`,
      });
    }
  }
  if (new Set(options.servers).size !== options.servers.length) {
    throw new BenchError('usage', `a server is named twice: ${options.servers.join(', ')}`);
  }
  if (options.scenarios.length === 0) {
    throw new BenchError('usage', 'no scenarios to run', {
      hint: 'check the suite files and the --suite/--scenario filters',
    });
  }
  const ids = options.scenarios.map((s) => s.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new BenchError('usage', `scenario "${twice}" is given twice`);

  const runs = options.runs ?? MIN_GATING_RUNS;
  if (!positiveInt(runs)) {
    throw new BenchError('usage', `runs must be a positive integer, got ${runs}`);
  }
  if (runs > MAX_RUNS) {
    throw new BenchError('usage', `runs ${runs} is more than ${MAX_RUNS} per scenario`, {
      hint: `${MAX_RUNS} runs already pin a pass rate to about ±3 %; run fewer`,
    });
  }
  if (runs < MIN_GATING_RUNS && options.allowFewRuns !== true) {
    throw new BenchError(
      'usage',
      `runs ${runs} is fewer than ${MIN_GATING_RUNS}: a report needs at least ${MIN_GATING_RUNS} runs per scenario to gate or be published`,
      {
        hint: `use ${MIN_GATING_RUNS} or more runs, or allow few runs for an exploratory report (it is marked gating_eligible: false)`,
      },
    );
  }
  const concurrency = options.concurrency ?? defaultConcurrency();
  if (!positiveInt(concurrency)) {
    throw new BenchError('usage', `concurrency must be a positive integer, got ${concurrency}`);
  }
  if (concurrency > MAX_CONCURRENCY) {
    throw new BenchError('usage', `concurrency ${concurrency} is more than ${MAX_CONCURRENCY}`, {
      hint: `this machine has ${availableParallelism()} core(s); the default is one worker per core`,
    });
  }
  // Under a fault plan a reused process would change what the plan does: its counters restart at
  // every reset but a reused process makes no start-up requests, and a token a fault expired
  // leaves the process holding one of a later generation. So faults default to fresh processes.
  const isolation =
    options.isolation ?? ((options.faults ?? null) === null ? DEFAULT_ISOLATION : 'run');
  if (!ISOLATIONS.includes(isolation)) {
    throw new BenchError('usage', `unknown isolation "${String(isolation)}"`, {
      hint: `isolation is one of ${ISOLATIONS.join(', ')}`,
    });
  }
  const tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
  if (!TOKENIZERS.includes(tokenizer)) {
    throw new BenchError('usage', `unknown tokenizer "${String(tokenizer)}"`, {
      hint: `tokenizers: ${TOKENIZERS.join(', ')}`,
    });
  }
  const sandbox = options.sandbox ?? options.config.sandbox ?? 'auto';
  if (!SANDBOX_MODES.includes(sandbox)) {
    throw new BenchError('usage', `unknown sandbox mode "${String(sandbox)}"`, {
      hint: `sandbox is one of ${SANDBOX_MODES.join(', ')}`,
    });
  }
  const escapes = options.escapes ?? options.config.escapes ?? 'record';
  if (!ESCAPE_POLICIES.includes(escapes)) {
    throw new BenchError('usage', `unknown escapes policy "${String(escapes)}"`, {
      hint: `escapes is one of ${ESCAPE_POLICIES.join(', ')}`,
    });
  }
  return {
    runs,
    isolation,
    concurrency,
    tokenizer,
    faults: options.faults ?? null,
    sandbox,
    escapes,
  };
}

/**
 * What the console should say about settings that are allowed but change what is measured: more
 * workers than twice the cores (latency then measures the queue for the CPU), and a sandbox
 * switched off by hand (servers can reach the network and the host).
 */
export function settingsWarnings(
  settings: CheckedSettings,
  cores = availableParallelism(),
): string[] {
  const warnings: string[] = [];
  if (settings.concurrency > 2 * cores)
    warnings.push(
      `concurrency ${settings.concurrency} on ${cores} core(s): servers queue for the CPU, so latency measures the machine's load, not the server (use at most ${2 * cores})`,
    );
  if (settings.sandbox === 'off')
    warnings.push(
      'sandbox off: the servers run with the host file system writable and direct network connections neither blocked nor counted (docs/security.md)',
    );
  return warnings;
}
