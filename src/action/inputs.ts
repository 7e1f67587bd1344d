import type { ValidationMode } from '../../fake-central/index.js';
import { BenchError } from '../common/errors.js';
import type { EscapePolicy } from '../metrics/types.js';
import type { SandboxMode } from '../config/types.js';
import { parseThresholds, type Thresholds } from '../gate/thresholds.js';
import type { Shard } from '../run/request/shard.js';
import type { RawPolicyOptions } from '../llm/resolve-policy.js';
import type { Isolation } from '../report/types.js';
import type { TokenizerName } from '../tokens/count-tokens.js';
import { SWEEP_MODES, type SweepMode } from '../report/sweep-types.js';
import { MIN_GATING_RUNS } from '../report/build-report.js';
import { ACTION_NAMING } from '../run/request/bench-request.js';
import { checkChoice, parseCount } from '../run/request/run-options.js';

/** Names of the action's inputs, as in action.yml. */
export const INPUTS = [
  'config',
  'server',
  'scenarios',
  'suites',
  'scenario-ids',
  'runs',
  'concurrency',
  'isolation',
  'tokenizer',
  'thresholds',
  'baseline-key-prefix',
  'save-baseline',
  'comment',
  'github-token',
  'shard',
  'mode',
  'report-dir',
  'sandbox',
  'escapes',
  'validation',
  'deadline',
  'resilience',
  'sweep',
  'faults',
  'policy',
  'provider',
  'model',
  'base-url',
  'temperature',
  'seed',
  'max-output-tokens',
  'max-turns',
  'api-key-env',
  'cassettes',
  'max-cost',
  'max-tokens',
] as const;
export type InputName = (typeof INPUTS)[number];

/**
 * The CLI's `run` flags that are no action input, and why (every other flag is one:
 * test/e2e/entry-options.test.ts; docs/workflows.md lists them).
 */
export const NOT_INPUTS: Readonly<Record<string, string>> = {
  'allow-few-runs':
    'the action runs what `runs` says; the gate refuses a report of fewer than 5 runs itself (rule enough-runs)',
  root: "the bench tree is the action's own package; point `scenarios` and `config` at your own files",
  quiet: 'the job log keeps every progress line (there is no terminal line to redraw)',
  help: 'action.yml documents every input',
  'fail-on':
    "the action fails on the gate's rules; swallowed errors, route misses and protocol violations are listed in the comment, and no gate rule fails on them yet",
};

/** Names of the action's outputs, as in action.yml. */
export const OUTPUTS = [
  'report-path',
  'verdict',
  'task-success',
  'safety-failures',
  'regressed',
  'comment-url',
  'baseline-sha',
] as const;
export type OutputName = (typeof OUTPUTS)[number];

export const COMMENT_MODES = ['auto', 'always', 'on-change', 'never'] as const;
export const RUN_MODES = ['gate', 'merge', 'comment'] as const;
export const SAVE_BASELINE = ['auto', 'true', 'false'] as const;
const BOOLEAN = ['true', 'false'] as const;

/** The action's inputs, parsed once and typed. */
export interface ActionInputs {
  config: string | null;
  servers: string[];
  scenarios: string[];
  suites: string[];
  /** Only these scenario ids (the CLI's --scenario). */
  scenarioIds: string[];
  runs: number;
  /** Parallel workers; null = the core's default (runBench decides). */
  concurrency: number | null;
  /** Null: the core's default (scenario, or run under faults). */
  isolation: Isolation | null;
  /** Null: cl100k_base. */
  tokenizer: TokenizerName | null;
  /** A fault plan file every fake injects (the CLI's --faults); null: none. */
  faults: string | null;
  thresholds: Thresholds;
  baselineKeyPrefix: string;
  saveBaseline: (typeof SAVE_BASELINE)[number];
  comment: (typeof COMMENT_MODES)[number];
  githubToken: string;
  shard: Shard | null;
  mode: (typeof RUN_MODES)[number];
  reportDir: string;
  /** Unset: the bench config's `sandbox:` (then auto). */
  sandbox: SandboxMode | null;
  /** Unset: the bench config's `escapes:` (then record). */
  escapes: EscapePolicy | null;
  /** Unset: `documents` (the fakes refuse what HPE's documents forbid). */
  validation: ValidationMode | null;
  /** The run's deadline as given; empty: derived from the plan (src/run/execute/run-deadline.ts). */
  deadline: string;
  /**
   * Run the resilience matrix (docs/resilience.md) after the fault-free runs; alone (no
   * `scenarios`/`suites`) it takes the golden `resilience` suite.
   */
  resilience: boolean;
  /** The tool sweep (`off`, `read`, `all`); empty input: `read`. */
  sweep: SweepMode;
  /** The policy inputs as given; resolved (key included) before any server starts. */
  policy: RawPolicyOptions;
  /** `max-cost` and `max-tokens` as given. */
  budget: { maxCost: string; maxTokens: string };
}

/** Reads one raw input (the action passes @actions/core getInput; tests pass a map). */
export type GetInput = (name: InputName) => string;

function bad(name: string, value: string, expected: string): BenchError {
  return new BenchError(
    'usage',
    `Input "${name}" has an invalid value ${JSON.stringify(value)}: ${expected}`,
    {
      hint: `fix "${name}" in the step's \`with:\` block (see action.yml for every input)`,
    },
  );
}

function list(raw: string): string[] {
  return raw
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function oneOf<T extends string>(name: string, raw: string, allowed: readonly T[], fallback: T): T {
  const value = raw.trim() === '' ? fallback : raw.trim();
  if (!(allowed as readonly string[]).includes(value))
    throw bad(name, raw, `expected one of ${allowed.join(', ')}`);
  return value as T;
}

function parseShard(raw: string): ActionInputs['shard'] {
  if (raw.trim() === '') return null;
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(raw.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count)
    throw bad('shard', raw, 'expected i/n with 1 ≤ i ≤ n, e.g. 2/4');
  return { index, count };
}

/** Parses every input once; the first bad one throws a usage error naming it and its value. */
export function parseActionInputs(getInput: GetInput): ActionInputs {
  // The counts' rules and words are the core's (run-options.ts), spelled as inputs.
  const runsRaw = getInput('runs');
  const runs =
    runsRaw.trim() === '' ? MIN_GATING_RUNS : parseCount('runs', runsRaw, ACTION_NAMING.option);
  const concurrencyRaw = getInput('concurrency');
  const concurrency =
    concurrencyRaw.trim() === ''
      ? null
      : parseCount('concurrency', concurrencyRaw, ACTION_NAMING.option);
  const prefix = getInput('baseline-key-prefix').trim() || 'hpe-mcp-bench-baseline';
  if (!/^[\w.-]+$/.test(prefix))
    throw bad('baseline-key-prefix', prefix, 'letters, digits, ".", "_" and "-" only');
  const config = getInput('config').trim();
  const resilience = oneOf('resilience', getInput('resilience'), BOOLEAN, 'false') === 'true';
  const shard = parseShard(getInput('shard'));
  if (resilience && shard !== null)
    throw new BenchError('usage', 'Input "resilience" cannot be combined with "shard"', {
      hint: 'run the resilience matrix in one unsharded job (it is six scenarios by default)',
    });
  return {
    config: config === '' ? null : config,
    servers: list(getInput('server')),
    scenarios: getInput('scenarios')
      .split('\n')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    suites: list(getInput('suites')),
    scenarioIds: list(getInput('scenario-ids')),
    runs,
    concurrency,
    isolation:
      getInput('isolation').trim() === ''
        ? null
        : checkChoice('isolation', getInput('isolation'), ACTION_NAMING.option),
    tokenizer:
      getInput('tokenizer').trim() === ''
        ? null
        : checkChoice('tokenizer', getInput('tokenizer'), ACTION_NAMING.option),
    faults: getInput('faults').trim() === '' ? null : getInput('faults').trim(),
    thresholds: parseThresholds(getInput('thresholds')),
    baselineKeyPrefix: prefix,
    saveBaseline: oneOf('save-baseline', getInput('save-baseline'), SAVE_BASELINE, 'auto'),
    comment: oneOf('comment', getInput('comment'), COMMENT_MODES, 'auto'),
    githubToken: getInput('github-token').trim(),
    shard,
    mode: oneOf('mode', getInput('mode'), RUN_MODES, 'gate'),
    reportDir: getInput('report-dir').trim() || 'hpe-mcp-bench-report',
    sandbox:
      getInput('sandbox').trim() === ''
        ? null
        : checkChoice('sandbox', getInput('sandbox'), ACTION_NAMING.option),
    escapes:
      getInput('escapes').trim() === ''
        ? null
        : checkChoice('escapes', getInput('escapes'), ACTION_NAMING.option),
    validation:
      getInput('validation').trim() === ''
        ? null
        : checkChoice('validation', getInput('validation'), ACTION_NAMING.option),
    deadline: getInput('deadline').trim(),
    resilience,
    sweep: oneOf('sweep', getInput('sweep'), SWEEP_MODES, 'read'),
    policy: {
      policy: getInput('policy').trim(),
      provider: getInput('provider').trim(),
      model: getInput('model').trim(),
      baseUrl: getInput('base-url').trim(),
      temperature: getInput('temperature').trim(),
      seed: getInput('seed').trim(),
      maxOutputTokens: getInput('max-output-tokens').trim(),
      maxTurns: getInput('max-turns').trim(),
      apiKeyEnv: getInput('api-key-env').trim(),
      cassettes: getInput('cassettes').trim(),
    },
    budget: { maxCost: getInput('max-cost').trim(), maxTokens: getInput('max-tokens').trim() },
  };
}
