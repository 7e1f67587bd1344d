import { PREDICTION_LEVEL, withinBand } from './noise-band.js';
import type { Delta, ServerHeadline } from './types.js';
import { escapeMarkdown as md } from '../report/markdown-escape.js';

function pct(d: Delta): string {
  if (d.baseline === null || d.current === null || d.baseline === 0) return '';
  const change = ((d.current - d.baseline) / d.baseline) * 100;
  if (Math.abs(change) < 0.05) return ' (±0%)';
  return ` (${change > 0 ? '+' : ''}${change.toFixed(1)}%)`;
}

/**
 * `baseline → current (±x%)`, or just the current value when there is no baseline or nothing
 * changed. A figure with a noise band (a non-zero one: a band of 0 is an exact figure): inside
 * it, the current value "within ±b noise", never a percentage; outside it, the change and the
 * band, so a reader sees how far past the noise it went.
 */
export function delta(d: Delta, fmt: (n: number) => string, withPct = true): string {
  const cur = d.current === null ? '—' : fmt(d.current);
  if (d.baseline === null) return cur;
  const base = fmt(d.baseline);
  if (base === cur) return cur;
  if (d.band === undefined || d.band === 0 || d.current === null) {
    return `${base} → ${cur}${withPct ? pct(d) : ''}`;
  }
  if (withinBand(d.baseline, d.current, d.band)) return `${cur} (within ±${fmt(d.band)} noise)`;
  const change = pct(d).replace(/^ \((.*)\)$/, '$1');
  return `${base} → ${cur} (${change ? `${change}; ` : ''}noise ±${fmt(d.band)})`;
}

/** True when some delta of the rows carries a non-zero band: the table needs its footnote. */
export const anyBand = (deltas: readonly Delta[]): boolean =>
  deltas.some((d) => d.band !== undefined && d.band > 0 && d.baseline !== null);

/** The footnote under a table whose figures carry noise bands. */
export const NOISE_FOOTNOTE = `<sub>±noise: the ${Math.round(PREDICTION_LEVEL * 100)}% prediction interval of the baseline's repeated runs (docs/gate.md, "Noise bands"); a change inside it is not a change and cannot fail the check.</sub>`;

const frac = (n: number): string => n.toFixed(2);

/**
 * One line per server: its task success (with the baseline's over the same scenarios), safety
 * failures and regressions. Never one pooled figure: it would describe no server.
 */
export function headlineLines(servers: readonly ServerHeadline[]): string[] {
  return servers.map((s) => {
    const now = s.of === 0 ? '—' : frac(s.passed / s.of);
    const was = s.baseline === null || s.of === 0 ? '' : `; baseline ${frac(s.baseline)}`;
    return `**${md(s.server)}**: task success ${now} (${s.passed}/${s.of}${was}) · safety failures ${s.safetyFailures} · ${s.regressions} regression(s)`;
  });
}
