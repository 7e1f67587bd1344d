import { decimal, integer } from './format-number.js';
import type { FigureProvenance, RunResult } from './types.js';

/**
 * A numeric figure taken from each run and aggregated (median/IQR per scenario over the counted
 * runs, mean/p95 per suite over the scored runs). Declared once here: the aggregators, summary.md,
 * the PR comment, the results page, the thresholds parser, the gate's figure rules and the
 * schema test (figures.test.ts) read this table. Adding a figure is an entry here plus its
 * property in types.ts and schemas/report.schema.json.
 */
export interface RunFigure {
  /** The methodology's name for it (docs/report-format.md). */
  name: string;
  /** Its property in report.json, on a scenario's and a suite's server rows. */
  key: FigureKey;
  /** Its value in one run; null or undefined: the run has none (it errored, or predates it). */
  read: (run: RunResult) => number | null | undefined;
  provenance: FigureProvenance;
  /** Counted with the report's tokenizer: carries it, and compares only under the same one. */
  tokenizer?: true;
  /**
   * Varies between repeated runs of the same code (timing; a model's tokens): the gate and the
   * comment judge its change against the baseline's noise band (src/gate/noise-band.ts). The
   * figures without it count what the server did and are compared exactly.
   */
  noisy?: true;
  /** Aggregated per suite too (mean/p95), not only per scenario. */
  perSuite: boolean;
  /** Shown with `integer` (12,345) or `decimal` (12.5). */
  format: (value: number) => string;
  /**
   * Gated against the baseline: `scenario` compares a scenario's median with the baseline's
   * upper quartile, `suite` a suite's p95 with the baseline's p95, each widened by the threshold
   * under `thresholdKey` (the thresholds YAML; `defaultThreshold` in its spelling). `metric` names
   * the figure in a regression's reason.
   */
  gate?: {
    level: 'scenario' | 'suite';
    metric: string;
    thresholdKey: string;
    defaultThreshold: string;
  };
  /** The report schema version that added it; absent: present since 1.0.0 (required there). */
  since?: string;
}

/** The report.json property of every catalogued figure (ScenarioServerResult, SuiteServerResult). */
export type FigureKey = 'tokens' | 'api_calls' | 'latency_ms' | 'startup_ms' | 'tool_errors';

/** The figures aggregated per suite too (`perSuite`); start-up is per scenario only. */
export type SuiteFigureKey = Exclude<FigureKey, 'startup_ms'>;

/** Every run figure, in the order report.json lists them. */
export const RUN_FIGURES: readonly RunFigure[] = [
  {
    name: 'token_usage',
    key: 'tokens',
    read: (run) => run.tokens?.total,
    provenance: 'computed',
    tokenizer: true,
    // Fixed under the scripted policy (its band is then zero wide), varies under a model.
    noisy: true,
    perSuite: true,
    format: integer,
    gate: {
      level: 'scenario',
      metric: 'tokens',
      thresholdKey: 'token-usage',
      defaultThreshold: '10%',
    },
  },
  {
    name: 'api_call_count',
    key: 'api_calls',
    read: (run) => run.api_calls?.total,
    provenance: 'measured (server-side)',
    perSuite: true,
    format: decimal,
    gate: {
      level: 'scenario',
      metric: 'api_calls',
      thresholdKey: 'api-call-count',
      defaultThreshold: '0%',
    },
  },
  {
    name: 'latency',
    key: 'latency_ms',
    read: (run) => run.latency_ms,
    provenance: 'measured',
    noisy: true,
    perSuite: true,
    format: integer,
    gate: {
      level: 'suite',
      metric: 'latency_p95',
      thresholdKey: 'latency-p95',
      defaultThreshold: 'off',
    },
  },
  {
    name: 'startup',
    key: 'startup_ms',
    read: (run) => run.startup_ms,
    provenance: 'measured',
    noisy: true,
    perSuite: false,
    format: integer,
  },
  {
    name: 'tool_errors',
    key: 'tool_errors',
    // Calls whose result said it failed (`isError`), as the MCP client received them; a call
    // with no result (a protocol error) or one not made is not a tool error.
    read: (run) =>
      run.status === 'ok' && run.calls
        ? run.calls.filter((c) => c.outcome === 'error').length
        : null,
    provenance: 'measured',
    perSuite: true,
    format: decimal,
    gate: {
      level: 'scenario',
      metric: 'tool_errors',
      thresholdKey: 'tool-errors',
      defaultThreshold: 'off',
    },
    since: '2.0.0',
  },
];

/** The figure of a report property (throws on a key the table does not hold: a typo in a column list). */
export function figure(key: FigureKey): RunFigure {
  const found = RUN_FIGURES.find((f) => f.key === key);
  if (!found) throw new Error(`no run figure "${key}" in RUN_FIGURES`);
  return found;
}

/** True for a figure the table aggregates per suite (mean/p95). */
export const isSuiteFigure = (key: FigureKey): key is SuiteFigureKey => figure(key).perSuite;

/** The figures the gate compares, in GATE_RULES order (suite rules come before scenario rules there). */
export const gatedFigures = (level: 'scenario' | 'suite'): RunFigure[] =>
  RUN_FIGURES.filter((f) => f.gate?.level === level);

/** The statistic a table column shows: a suite's mean/p95, a scenario's median, or per success. */
export type FigureStat = 'mean' | 'p95' | 'median' | 'per_success';

/** One column of a table of figures: which figure, which statistic, its header. */
export interface FigureColumn {
  key: FigureKey;
  stat: FigureStat;
  head: string;
  /** Overrides the figure's formatter in this column. */
  format?: (value: number) => string;
}

const col = (
  key: FigureKey,
  stat: FigureStat,
  head: string,
  format?: (value: number) => string,
): FigureColumn => ({ key, stat, head, ...(format ? { format } : {}) });

/** How a column shows a value: its own formatter, else its figure's. */
export const formatOf = (c: FigureColumn): ((value: number) => string) =>
  c.format ?? figure(c.key).format;

/**
 * The figure columns of each table that shows them, in their order there. A figure shown in a
 * table gets a column here; the renderers lay out whatever is listed.
 */
export const FIGURE_COLUMNS = {
  /** summary.md's suite table (also in the job summary). */
  summary: [
    col('tokens', 'mean', 'tokens mean'),
    col('tokens', 'p95', 'tokens p95'),
    col('latency_ms', 'mean', 'latency mean (ms)'),
    col('latency_ms', 'p95', 'latency p95 (ms)'),
    col('api_calls', 'mean', 'calls mean'),
    col('tool_errors', 'mean', 'tool errors mean'),
  ],
  /** The PR comment's suite table (baseline → current). */
  commentSuites: [
    col('tokens', 'mean', 'tokens (mean)'),
    col('api_calls', 'mean', 'calls (mean)'),
    col('latency_ms', 'p95', 'latency p95 (ms)'),
    col('tool_errors', 'mean', 'tool errors (mean)'),
  ],
  /** The PR comment's changed-scenario table (medians, baseline → current). */
  commentScenarios: [
    col('tokens', 'median', 'tokens (median)'),
    // Whole calls here (a median of 2.5 shows as 3): the comment's rows are read at a glance.
    col('api_calls', 'median', 'calls (median)', integer),
  ],
  /** The results page's scoreboard (overall and per suite). */
  pageScores: [
    col('tokens', 'mean', 'tokens mean'),
    col('tokens', 'p95', 'tokens p95'),
    col('tokens', 'per_success', 'tokens / success'),
    col('api_calls', 'mean', 'calls mean'),
    col('api_calls', 'p95', 'calls p95'),
    col('api_calls', 'per_success', 'calls / success'),
    col('latency_ms', 'mean', 'latency mean (ms)'),
    col('latency_ms', 'p95', 'latency p95 (ms)'),
    col('tool_errors', 'mean', 'tool errors mean'),
  ],
  /** The results page's per-scenario tables (medians). */
  pageScenarios: [
    col('tokens', 'median', 'tokens'),
    col('api_calls', 'median', 'calls'),
    col('latency_ms', 'median', 'latency (ms)'),
  ],
} as const satisfies Record<string, readonly FigureColumn[]>;

/** `api_calls:mean`: a column's key in a comparison's `figures`. */
export const columnId = (c: FigureColumn): string => `${c.key}:${c.stat}`;

/**
 * A statistic of an aggregated figure (`{mean, p95}` or `{median, q1, q3}`), or null. Per success
 * is not one: it is computed from the runs (publish/derive.ts), so asking for it here is a bug.
 */
export function statOf(
  row: Partial<Record<FigureKey, unknown>>,
  key: FigureKey,
  stat: FigureStat,
): number | null {
  if (stat === 'per_success') throw new Error(`statOf: ${key} per success is not in a row`);
  const aggregate = row[key] as Partial<Record<FigureStat, number>> | null | undefined;
  return aggregate?.[stat] ?? null;
}
