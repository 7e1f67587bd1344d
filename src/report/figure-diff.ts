import { RUN_FIGURES } from './figures.js';

/** A figure whose stored value is not the one its raw material gives. */
export interface FigureMismatch {
  /** A scenario id, `suite NAME`, `overall` or `report`. */
  scope: string;
  /** The server's row (null for a report-wide figure). */
  server: string | null;
  /** The run, for a figure of one run. */
  run?: number;
  /** The methodology's name with the statistic (`token_usage median`, `task_success pass_rate`). */
  figure: string;
  stored: unknown;
  recomputed: unknown;
}

/**
 * True for a figure the stored row leaves out while the runs give one: a report written before
 * the figure existed (pass_hat_k, tool_errors). Listed apart, not as a mismatch: the report
 * shows no value for it, so it shows no wrong one.
 */
export const predatesFigure = (m: FigureMismatch): boolean => m.stored === undefined;

// report.json's property → the methodology's name (docs/report-format.md): the catalogue's
// figures by their `name`, every other figure by its own property name.
const NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  RUN_FIGURES.map((f) => [f.key, f.name]),
);

/** `api_calls.total` → `api_call_count total`, `task_success.per_run.2` → `task_success per_run[2]`. */
export function figureName(path: readonly (string | number)[]): string {
  const [head, ...rest] = path;
  const name = head === undefined ? '(value)' : (NAMES[head] ?? String(head));
  const tail = rest.map((p) => (typeof p === 'number' ? `[${p}]` : ` ${p}`)).join('');
  return `${name}${tail}`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The leaf paths where `stored` and `recomputed` differ (objects by key, arrays by index), keys
 * in `skip` left out at the top. A figure the report leaves out (undefined) while the recomputed
 * one is null (none) is no difference; one it leaves out while the runs give a value is
 * returned with `stored: undefined` (predatesFigure).
 */
export function differingLeaves(
  stored: unknown,
  recomputed: unknown,
  skip: readonly string[] = [],
  path: (string | number)[] = [],
): { path: (string | number)[]; stored: unknown; recomputed: unknown }[] {
  if (isObject(stored) && isObject(recomputed)) {
    const keys = [...new Set([...Object.keys(recomputed), ...Object.keys(stored)])];
    return keys
      .filter((k) => !(path.length === 0 && skip.includes(k)))
      .flatMap((k) => differingLeaves(stored[k], recomputed[k], skip, [...path, k]));
  }
  if (Array.isArray(stored) && Array.isArray(recomputed) && stored.length === recomputed.length) {
    return stored.flatMap((s, i) => differingLeaves(s, recomputed[i], skip, [...path, i]));
  }
  const same = JSON.stringify(stored ?? null) === JSON.stringify(recomputed ?? null);
  // A figure absent from the row is one difference, however deep the recomputed value.
  return same ? [] : [{ path, stored, recomputed }];
}

/** The mismatches of one row (a scenario's or a suite's server row, or a run). */
export function rowMismatches(
  where: Omit<FigureMismatch, 'figure' | 'stored' | 'recomputed'>,
  stored: unknown,
  recomputed: unknown,
  skip: readonly string[] = [],
): FigureMismatch[] {
  return differingLeaves(stored, recomputed, skip).map((d) => ({
    ...where,
    figure: figureName(d.path),
    stored: d.stored,
    recomputed: d.recomputed,
  }));
}
