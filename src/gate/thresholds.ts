import { parse as parseYaml } from 'yaml';
import { BenchError } from '../common/errors.js';

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

/** The keys of the thresholds YAML (the action's `thresholds` input, the CLI's `--thresholds` file). */
export const THRESHOLD_KEYS = [
  'task-success-drop',
  'token-usage',
  'api-call-count',
  'latency-p95',
] as const;

/** Where the thresholds text came from, for errors: e.g. `Input "thresholds"` or a file path. */
export interface ThresholdsSource {
  name: string;
  hint: string;
}

const ACTION_INPUT: ThresholdsSource = {
  name: 'Input "thresholds"',
  hint: 'fix "thresholds" in the step\'s `with:` block (see action.yml for every input)',
};

function parseThreshold(
  key: string,
  raw: unknown,
  bad: (value: string, expected: string) => BenchError,
): Threshold {
  if (raw === 'off' || raw === false || raw === null) return { kind: 'off' };
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0)
    return { kind: 'absolute', value: raw };
  if (typeof raw === 'string') {
    const m = /^(\d+(?:\.\d+)?)\s*%$/.exec(raw.trim());
    if (m?.[1] !== undefined) return { kind: 'relative', fraction: Number(m[1]) / 100 };
  }
  throw bad(
    `${key}: ${JSON.stringify(raw)}`,
    `"${key}" takes a percentage like 10%, a non-negative number, or off`,
  );
}

/**
 * Parses the thresholds YAML (`token-usage: 5%`, `api-call-count: 1`, `latency-p95: off`, …);
 * missing keys keep their defaults, unknown keys and bad values are usage errors naming `source`.
 */
export function parseThresholds(raw: string, source: ThresholdsSource = ACTION_INPUT): Thresholds {
  const bad = (value: string, expected: string): BenchError =>
    new BenchError(
      'usage',
      `${source.name} has an invalid value ${JSON.stringify(value)}: ${expected}`,
      { hint: source.hint },
    );
  if (raw.trim() === '') return DEFAULT_THRESHOLDS;
  let doc: unknown;
  try {
    doc = parseYaml(raw);
  } catch (error) {
    throw bad(
      raw,
      `not valid YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
    );
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw bad(raw, `expected a YAML map with keys ${THRESHOLD_KEYS.join(', ')}`);
  }
  const map = doc as Record<string, unknown>;
  for (const key of Object.keys(map)) {
    if (!(THRESHOLD_KEYS as readonly string[]).includes(key)) {
      throw bad(key, `unknown key; allowed keys: ${THRESHOLD_KEYS.join(', ')}`);
    }
  }
  const drop = map['task-success-drop'];
  if (drop !== undefined && (typeof drop !== 'number' || drop < 0 || drop > 1)) {
    throw bad(
      `task-success-drop: ${JSON.stringify(drop)}`,
      'a fraction between 0 and 1 (0 = no drop allowed)',
    );
  }
  const threshold = (key: (typeof THRESHOLD_KEYS)[number], fallback: Threshold): Threshold =>
    map[key] === undefined ? fallback : parseThreshold(key, map[key], bad);
  return {
    taskSuccessDrop: typeof drop === 'number' ? drop : DEFAULT_THRESHOLDS.taskSuccessDrop,
    tokenUsage: threshold('token-usage', DEFAULT_THRESHOLDS.tokenUsage),
    apiCallCount: threshold('api-call-count', DEFAULT_THRESHOLDS.apiCallCount),
    latencyP95: threshold('latency-p95', DEFAULT_THRESHOLDS.latencyP95),
  };
}
