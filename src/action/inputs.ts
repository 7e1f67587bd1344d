import { parse as parseYaml } from 'yaml';
import { BenchError } from '../errors.js';
import type { RawPolicyOptions } from '../llm/resolve-policy.js';

/** Names of the action's inputs, as in action.yml. */
export const INPUTS = [
  'config',
  'server',
  'scenarios',
  'suites',
  'runs',
  'thresholds',
  'baseline-key-prefix',
  'save-baseline',
  'comment',
  'github-token',
  'shard',
  'mode',
  'report-dir',
  'policy',
  'provider',
  'model',
  'base-url',
  'temperature',
  'seed',
  'api-key-env',
  'cassettes',
  'max-cost',
  'max-tokens',
] as const;
export type InputName = (typeof INPUTS)[number];

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

/** A regression threshold: relative (`10%`), absolute (a number) or `off`. */
export type Threshold =
  { kind: 'off' } | { kind: 'relative'; fraction: number } | { kind: 'absolute'; value: number };

/** How far a PR may move each gated metric before the check fails. */
export interface Thresholds {
  /** Allowed absolute drop of a suite's task_success fraction (default 0). */
  taskSuccessDrop: number;
  tokenUsage: Threshold;
  apiCallCount: Threshold;
  latencyP95: Threshold;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  taskSuccessDrop: 0,
  tokenUsage: { kind: 'relative', fraction: 0.1 },
  apiCallCount: { kind: 'relative', fraction: 0 },
  latencyP95: { kind: 'off' },
};

/** The action's inputs, parsed once and typed. */
export interface ActionInputs {
  config: string | null;
  servers: string[];
  scenarios: string[];
  suites: string[];
  runs: number;
  thresholds: Thresholds;
  baselineKeyPrefix: string;
  saveBaseline: (typeof SAVE_BASELINE)[number];
  comment: (typeof COMMENT_MODES)[number];
  githubToken: string;
  shard: { index: number; count: number } | null;
  mode: (typeof RUN_MODES)[number];
  reportDir: string;
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

function parseThreshold(key: string, raw: unknown): Threshold {
  if (raw === 'off' || raw === false || raw === null) return { kind: 'off' };
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0)
    return { kind: 'absolute', value: raw };
  if (typeof raw === 'string') {
    const m = /^(\d+(?:\.\d+)?)\s*%$/.exec(raw.trim());
    if (m?.[1] !== undefined) return { kind: 'relative', fraction: Number(m[1]) / 100 };
  }
  throw bad(
    'thresholds',
    `${key}: ${JSON.stringify(raw)}`,
    `"${key}" takes a percentage like 10%, a non-negative number, or off`,
  );
}

const THRESHOLD_KEYS = [
  'task-success-drop',
  'token-usage',
  'api-call-count',
  'latency-p95',
] as const;

/** Parses the `thresholds` YAML; unknown keys and bad values name themselves. */
export function parseThresholds(raw: string): Thresholds {
  if (raw.trim() === '') return DEFAULT_THRESHOLDS;
  let doc: unknown;
  try {
    doc = parseYaml(raw);
  } catch (error) {
    throw bad(
      'thresholds',
      raw,
      `not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw bad('thresholds', raw, `expected a YAML map with keys ${THRESHOLD_KEYS.join(', ')}`);
  }
  const map = doc as Record<string, unknown>;
  for (const key of Object.keys(map)) {
    if (!(THRESHOLD_KEYS as readonly string[]).includes(key)) {
      throw bad('thresholds', key, `unknown key; allowed keys: ${THRESHOLD_KEYS.join(', ')}`);
    }
  }
  const drop = map['task-success-drop'];
  if (drop !== undefined && (typeof drop !== 'number' || drop < 0 || drop > 1)) {
    throw bad(
      'thresholds',
      `task-success-drop: ${JSON.stringify(drop)}`,
      'a fraction between 0 and 1 (0 = no drop allowed)',
    );
  }
  return {
    taskSuccessDrop: typeof drop === 'number' ? drop : DEFAULT_THRESHOLDS.taskSuccessDrop,
    tokenUsage:
      map['token-usage'] === undefined
        ? DEFAULT_THRESHOLDS.tokenUsage
        : parseThreshold('token-usage', map['token-usage']),
    apiCallCount:
      map['api-call-count'] === undefined
        ? DEFAULT_THRESHOLDS.apiCallCount
        : parseThreshold('api-call-count', map['api-call-count']),
    latencyP95:
      map['latency-p95'] === undefined
        ? DEFAULT_THRESHOLDS.latencyP95
        : parseThreshold('latency-p95', map['latency-p95']),
  };
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
  const runsRaw = getInput('runs').trim() || '5';
  if (!/^\d+$/.test(runsRaw) || Number(runsRaw) < 1)
    throw bad('runs', runsRaw, 'a positive integer (at least 5 for gating)');
  const prefix = getInput('baseline-key-prefix').trim() || 'hpe-mcp-bench-baseline';
  if (!/^[\w.-]+$/.test(prefix))
    throw bad('baseline-key-prefix', prefix, 'letters, digits, ".", "_" and "-" only');
  const config = getInput('config').trim();
  return {
    config: config === '' ? null : config,
    servers: list(getInput('server')),
    scenarios: getInput('scenarios')
      .split('\n')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    suites: list(getInput('suites')),
    runs: Number(runsRaw),
    thresholds: parseThresholds(getInput('thresholds')),
    baselineKeyPrefix: prefix,
    saveBaseline: oneOf('save-baseline', getInput('save-baseline'), SAVE_BASELINE, 'auto'),
    comment: oneOf('comment', getInput('comment'), COMMENT_MODES, 'auto'),
    githubToken: getInput('github-token').trim(),
    shard: parseShard(getInput('shard')),
    mode: oneOf('mode', getInput('mode'), RUN_MODES, 'gate'),
    reportDir: getInput('report-dir').trim() || 'hpe-mcp-bench-report',
    policy: {
      policy: getInput('policy').trim(),
      provider: getInput('provider').trim(),
      model: getInput('model').trim(),
      baseUrl: getInput('base-url').trim(),
      temperature: getInput('temperature').trim(),
      seed: getInput('seed').trim(),
      apiKeyEnv: getInput('api-key-env').trim(),
      cassettes: getInput('cassettes').trim(),
    },
    budget: { maxCost: getInput('max-cost').trim(), maxTokens: getInput('max-tokens').trim() },
  };
}
