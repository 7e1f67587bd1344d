import { round3 } from '../report/quantile.js';

/**
 * A noise band: how far a figure of an unchanged PR may plausibly land from the baseline's,
 * given how much the baseline's own repeated runs spread. The half-width of a two-sided 99 %
 * prediction interval (Student's t, n − 1 degrees of freedom, sample standard deviation with
 * Bessel's correction) for one more value drawn like the baseline's n:
 *
 *   half = t(0.995, n − 1) · s · √(1 + 1/n)
 *
 * Why this statistic (docs/gate.md, "Noise bands"): it asks "is the PR's value one the baseline's
 * runs would produce?", which is the gate's question, where a confidence interval of the mean
 * asks a narrower one and would flag ordinary run-to-run spread. One-sided (the gate fails only
 * on rises), an unchanged PR lands above the band with probability 0.5 % per figure when runs are
 * normal and independent; at 5 runs t = 4.604, so the band is ±5.04 standard deviations. The
 * PR's figure is itself a median or a p95 over several runs, steadier than the one value the
 * interval is for, so the real rate is lower still. 99 % rather than 95 %: a comment shows some
 * 20 to 40 such figures, and at 95 % (2.5 % one-sided) one unchanged PR in two would show a
 * "change" somewhere.
 */
export const PREDICTION_LEVEL = 0.99;

/** t(0.995, df) for df = 1..30 (standard tables); beyond 30 the entries below. */
const T_995 = [
  63.657, 9.925, 5.841, 4.604, 4.032, 3.707, 3.499, 3.355, 3.25, 3.169, 3.106, 3.055, 3.012, 2.977,
  2.947, 2.921, 2.898, 2.878, 2.861, 2.845, 2.831, 2.819, 2.807, 2.797, 2.787, 2.779, 2.771, 2.763,
  2.756, 2.75,
];
/** [df at least, t(0.995, df)] past the table, rounded up (a wider band: fewer false alarms). */
const T_995_TAIL: readonly (readonly [number, number])[] = [
  [120, 2.617],
  [60, 2.66],
  [40, 2.704],
  [31, 2.75],
];

/** The 0.995 quantile of Student's t with `df` degrees of freedom (df ≥ 1). */
export function tQuantile995(df: number): number {
  if (!Number.isInteger(df) || df < 1)
    throw new RangeError(`t quantile: df must be ≥ 1, got ${df}`);
  const tabled = T_995[df - 1];
  if (tabled !== undefined) return tabled;
  return T_995_TAIL.find(([atLeast]) => df >= atLeast)?.[1] ?? 2.75;
}

/** Sample standard deviation (Bessel's correction, n − 1); needs two values. */
export function sampleSd(values: readonly number[]): number {
  if (values.length < 2) throw new RangeError('a standard deviation needs at least two values');
  const m = values.reduce((sum, v) => sum + v, 0) / values.length;
  const squares = values.reduce((sum, v) => sum + (v - m) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * The band's half-width from the baseline's per-run values (one value per repeated run), or
 * null with fewer than two values: one run says nothing about spread, so the exact rule applies.
 * Values that are all equal (a count, tokens under the scripted policy) give 0: no allowance.
 */
export function noiseHalfWidth(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const n = values.length;
  return round3(tQuantile995(n - 1) * sampleSd(values) * Math.sqrt(1 + 1 / n));
}

/** True when `current` lies within `half` of `baseline` (both sides: a fall is noise too). */
export const withinBand = (baseline: number, current: number, half: number): boolean =>
  Math.abs(current - baseline) <= half + 1e-9;
