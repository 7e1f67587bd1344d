import { parse as parseYaml } from 'yaml';
import { BenchError } from '../common/errors.js';
import { RUN_FIGURES } from '../report/figures.js';

/** A regression threshold: relative (`10%`), absolute (a number) or `off`. */
export type Threshold =
  { kind: 'off' } | { kind: 'relative'; fraction: number } | { kind: 'absolute'; value: number };

/** How far a PR may move each gated metric before the check fails. */
export interface Thresholds {
  /** Allowed absolute drop of a suite's task_success fraction (default 0). */
  taskSuccessDrop: number;
  /** Each gated run figure's threshold, by its key in the YAML (RUN_FIGURES' `gate.thresholdKey`). */
  figures: Record<string, Threshold>;
  /**
   * Intentional renames since the baseline (baseline name → PR name): the baseline is read under
   * the new names, so a renamed server or scenario is compared, not reported missing.
   */
  renames: { servers: Record<string, string>; scenarios: Record<string, string> };
  /**
   * Servers, scenarios and tools (the sweep's menu) intentionally removed since the baseline:
   * noted, not failed.
   */
  retired: { servers: string[]; scenarios: string[]; tools: string[] };
  /** Days after which the comment warns that the baseline is stale (default 14). */
  baselineMaxAgeDays: number;
  /**
   * A baseline made with other settings (tokenizer, policy, model, fixture, isolation, runs,
   * sandbox, faults): `fail` (default) fails the check naming each difference; `warn` passes with
   * a note and compares what the differences leave comparable (docs/gate.md).
   */
  notComparable: 'fail' | 'warn';
}

/** The gated run figures' threshold keys, in RUN_FIGURES order. */
const FIGURE_KEYS = RUN_FIGURES.flatMap((f) => (f.gate ? [f.gate.thresholdKey] : []));

/** A catalogued default that does not parse is a bug in RUN_FIGURES, caught at load. */
const catalogueDefault = (key: string, value: string): never => {
  throw new Error(`RUN_FIGURES: the default threshold of ${key} (${value}) does not parse`);
};

export const DEFAULT_THRESHOLDS: Thresholds = {
  taskSuccessDrop: 0,
  figures: Object.fromEntries(
    RUN_FIGURES.flatMap((f) =>
      f.gate
        ? [
            [
              f.gate.thresholdKey,
              parseThreshold(f.gate.thresholdKey, f.gate.defaultThreshold, catalogueDefault),
            ],
          ]
        : [],
    ),
  ),
  renames: { servers: {}, scenarios: {} },
  retired: { servers: [], scenarios: [], tools: [] },
  baselineMaxAgeDays: 14,
  notComparable: 'fail',
};

/** The keys of the thresholds YAML (the action's `thresholds` input, the CLI's `--thresholds` file). */
export const THRESHOLD_KEYS: readonly string[] = [
  'task-success-drop',
  ...FIGURE_KEYS,
  'renames',
  'retired',
  'baseline-max-age',
  'not-comparable',
];

/** The two lists `renames` and `retired` hold. */
const NAME_KINDS = ['servers', 'scenarios'] as const;

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
  bad: (value: string, expected: string) => Error,
): Threshold {
  if (raw === 'off' || raw === false || raw === null) return { kind: 'off' };
  if (typeof raw === 'number' && Number.isFinite(raw) && raw >= 0)
    return { kind: 'absolute', value: raw };
  if (typeof raw === 'string') {
    const m = /^(\d+(?:\.\d+)?)\s*%$/.exec(raw.trim());
    const fraction = Number(m?.[1]) / 100;
    if (m?.[1] !== undefined && Number.isFinite(fraction)) return { kind: 'relative', fraction };
  }
  // A number too large for a double (1e400) was read as Infinity: say so, not `null`.
  const shown = typeof raw === 'number' ? String(raw) : JSON.stringify(raw);
  throw bad(
    `${key}: ${shown}`,
    `"${key}" takes a percentage like 10%, a finite non-negative number, or off`,
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
    if (!THRESHOLD_KEYS.includes(key)) {
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
  return {
    taskSuccessDrop: typeof drop === 'number' ? drop : DEFAULT_THRESHOLDS.taskSuccessDrop,
    baselineMaxAgeDays: parseMaxAge(map['baseline-max-age'], bad),
    notComparable: parseNotComparable(map['not-comparable'], bad),
    renames: parseRenames(map.renames, bad),
    retired: parseRetired(map.retired, bad),
    figures: Object.fromEntries(
      FIGURE_KEYS.map((key) => [
        key,
        map[key] === undefined
          ? (DEFAULT_THRESHOLDS.figures[key] ?? { kind: 'off' })
          : parseThreshold(key, map[key], bad),
      ]),
    ),
  };
}

type Bad = (value: string, expected: string) => BenchError;

function kindsMap(
  key: string,
  raw: unknown,
  bad: Bad,
  kinds: readonly string[] = NAME_KINDS,
): Partial<Record<string, unknown>> {
  const names = `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1) ?? ''}`;
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw bad(`${key}: ${JSON.stringify(raw)}`, `"${key}" takes a map with keys ${names}`);
  const map = raw as Record<string, unknown>;
  for (const kind of Object.keys(map))
    if (!kinds.includes(kind)) throw bad(`${key}.${kind}`, `unknown key; "${key}" takes ${names}`);
  return map;
}

/** `renames: {servers: {old: new}, scenarios: {old: new}}`: names are non-empty strings, one target each. */
function parseRenames(raw: unknown, bad: Bad): Thresholds['renames'] {
  const map = kindsMap('renames', raw, bad);
  const out: Thresholds['renames'] = { servers: {}, scenarios: {} };
  for (const kind of NAME_KINDS) {
    const entries = map[kind];
    if (entries === undefined || entries === null) continue;
    if (typeof entries !== 'object' || Array.isArray(entries))
      throw bad(
        `renames.${kind}: ${JSON.stringify(entries)}`,
        `"renames.${kind}" maps each baseline name to its new name, e.g. {old-name: new-name}`,
      );
    const targets = new Set<string>();
    for (const [from, to] of Object.entries(entries as Record<string, unknown>)) {
      if (typeof to !== 'string' || to === '' || to === from)
        throw bad(
          `renames.${kind}.${from}: ${JSON.stringify(to)}`,
          'the new name, a non-empty string other than the old one',
        );
      if (targets.has(to))
        throw bad(`renames.${kind}.${from}: ${to}`, `two ${kind} are renamed to "${to}"`);
      targets.add(to);
      out[kind][from] = to;
    }
  }
  return out;
}

/** `retired: {servers: [name], scenarios: [id], tools: [name]}`. */
function parseRetired(raw: unknown, bad: Bad): Thresholds['retired'] {
  const kinds = [...NAME_KINDS, 'tools'] as const;
  const map = kindsMap('retired', raw, bad, kinds);
  const out: Thresholds['retired'] = { servers: [], scenarios: [], tools: [] };
  for (const kind of kinds) {
    const list = map[kind];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list) || !list.every((n) => typeof n === 'string' && n !== ''))
      throw bad(
        `retired.${kind}: ${JSON.stringify(list)}`,
        `"retired.${kind}" takes a list of names removed on purpose, e.g. [old-name]`,
      );
    out[kind] = [...new Set(list as string[])];
  }
  return out;
}

/** `baseline-max-age: 14` or `14d`: days, a positive number. */
function parseMaxAge(raw: unknown, bad: Bad): number {
  if (raw === undefined || raw === null) return DEFAULT_THRESHOLDS.baselineMaxAgeDays;
  const days =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string'
        ? Number(/^(\d+(?:\.\d+)?)\s*d?$/.exec(raw.trim())?.[1])
        : NaN;
  if (!Number.isFinite(days) || days <= 0)
    throw bad(
      `baseline-max-age: ${JSON.stringify(raw)}`,
      '"baseline-max-age" takes days, e.g. 14 or 14d',
    );
  return days;
}

/** `not-comparable: fail | warn`. */
function parseNotComparable(raw: unknown, bad: Bad): Thresholds['notComparable'] {
  if (raw === undefined || raw === null) return DEFAULT_THRESHOLDS.notComparable;
  if (raw === 'fail' || raw === 'warn') return raw;
  throw bad(
    `not-comparable: ${JSON.stringify(raw)}`,
    '"not-comparable" takes fail (a baseline with other settings fails the check) or warn (pass with a note)',
  );
}
