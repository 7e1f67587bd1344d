import { round, type Discoverability } from './discoverability.js';

/** A server's discoverability over the scenarios it was ranked for (means of the per-scenario figures). */
export interface DiscoverabilitySummary {
  scenarios: number;
  recall_at_1: number;
  recall_at_3: number;
  recall_at_5: number;
  mrr: number;
}

/** Means over scenarios; null when there were none. */
export function summarizeDiscoverability(
  rows: readonly Discoverability[],
): DiscoverabilitySummary | null {
  if (rows.length === 0) return null;
  const mean = (pick: (d: Discoverability) => number): number =>
    round(rows.reduce((sum, d) => sum + pick(d), 0) / rows.length);
  return {
    scenarios: rows.length,
    recall_at_1: mean((d) => d.recall_at_1),
    recall_at_3: mean((d) => d.recall_at_3),
    recall_at_5: mean((d) => d.recall_at_5),
    mrr: mean((d) => d.mrr),
  };
}
