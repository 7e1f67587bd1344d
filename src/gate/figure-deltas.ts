import { columnId, figure, type FigureColumn } from '../report/figures.js';
import { statOf } from '../report/figures.js';
import type { ScenarioServerResult, SuiteServerResult } from '../report/types.js';
import { withinBand } from './noise-band.js';
import { bandOf, type NoiseBands } from './noise-bands.js';
import type { Delta } from './types.js';

/** Where a row sits, for its bands: the server and `scenario:<id>` or `suite:<name>`. */
export interface RowAt {
  server: string;
  where: string;
}

/**
 * Each column's figure before and after; a figure counted with the tokenizer has no baseline
 * when the tokenizers differ (`tokens` false). A noisy figure carries the baseline's band.
 */
export function figureDeltas(
  columns: readonly FigureColumn[],
  old: ScenarioServerResult | SuiteServerResult | undefined,
  cur: ScenarioServerResult | SuiteServerResult,
  tokens: boolean,
  bands: NoiseBands,
  at: RowAt,
): Record<string, Delta> {
  const out: Record<string, Delta> = {};
  for (const c of columns) {
    const comparable = tokens || !figure(c.key).tokenizer;
    const baseline = comparable && old ? statOf(old, c.key, c.stat) : null;
    const band =
      baseline !== null && figure(c.key).noisy
        ? bandOf(bands, at.server, at.where, columnId(c))
        : undefined;
    out[columnId(c)] = {
      baseline,
      current: statOf(cur, c.key, c.stat),
      ...(band === undefined ? {} : { band }),
    };
  }
  return out;
}

/** True when a figure changed beyond its noise (exactly, for a figure without a band). */
export function movedBeyondNoise(d: Delta): boolean {
  if (d.baseline === d.current) return false;
  if (d.baseline === null || d.current === null || d.band === undefined) return true;
  return !withinBand(d.baseline, d.current, d.band);
}
