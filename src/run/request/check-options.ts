import { availableParallelism } from 'node:os';
import type { FaultPlan, ValidationMode } from '../../../fake-central/index.js';
import { BenchError } from '../../common/errors.js';
import { MIN_GATING_RUNS } from '../../report/build-report.js';
import type { EscapePolicy } from '../../metrics/types.js';
import type { Isolation } from '../../report/types.js';
import type { SandboxMode } from '../../config/types.js';
import type { RunBenchOptions } from './run-bench-options.js';
import { checkChoice, checkCount, checkGatingRuns, CORE_SPELLING } from './run-options.js';
import { DEFAULT_TOKENIZER, type TokenizerName } from '../../tokens/count-tokens.js';

/** The settings a bench runs with, defaults filled in. */
export interface CheckedSettings {
  runs: number;
  isolation: Isolation;
  concurrency: number;
  tokenizer: TokenizerName;
  faults: FaultPlan | null;
  sandbox: SandboxMode;
  escapes: EscapePolicy;
  validation: ValidationMode;
}

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

  // The same rules, in the same words, as the entries' (run-options.ts), spelled as the core's.
  const runs = checkCount('runs', options.runs ?? MIN_GATING_RUNS, CORE_SPELLING);
  checkGatingRuns(runs, options.allowFewRuns === true, CORE_SPELLING);
  const concurrency = checkCount(
    'concurrency',
    options.concurrency ?? defaultConcurrency(),
    CORE_SPELLING,
  );
  // Under a fault plan a reused process would change what the plan does: its counters restart at
  // every reset but a reused process makes no start-up requests, and a token a fault expired
  // leaves the process holding one of a later generation. So faults default to fresh processes.
  const isolation =
    options.isolation ?? ((options.faults ?? null) === null ? DEFAULT_ISOLATION : 'run');
  checkChoice('isolation', isolation, CORE_SPELLING);
  const tokenizer = options.tokenizer ?? DEFAULT_TOKENIZER;
  checkChoice('tokenizer', tokenizer, CORE_SPELLING);
  const sandbox = options.sandbox ?? options.config.sandbox ?? 'auto';
  checkChoice('sandbox', sandbox, CORE_SPELLING);
  const escapes = options.escapes ?? options.config.escapes ?? 'record';
  checkChoice('escapes', escapes, CORE_SPELLING);
  const validation = options.validation ?? 'documents';
  checkChoice('validation', validation, CORE_SPELLING);
  return {
    runs,
    isolation,
    concurrency,
    tokenizer,
    faults: options.faults ?? null,
    sandbox,
    escapes,
    validation,
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
  if (settings.validation === 'lenient')
    warnings.push(
      "validation lenient: the fakes let through requests HPE's documents forbid, so a server that sends them passes where the live API answers 400; a baseline made with validation documents is not comparable (fake-central/SPEC.md §9)",
    );
  return warnings;
}
