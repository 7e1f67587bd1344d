/**
 * Quantile by linear interpolation between order statistics (Hyndman & Fan type 7, the default
 * of R and NumPy): h = (n − 1)·p, q = x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋+1 − x⌊h⌋) over the sorted values.
 * Throws on an empty list: callers decide what "no data" means.
 */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('quantile of an empty list');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile p must be in [0, 1], got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const low = sorted[lo] ?? 0;
  const high = sorted[Math.min(lo + 1, sorted.length - 1)] ?? low;
  return round3(low + (h - lo) * (high - low));
}

/** Arithmetic mean, rounded like every reported figure. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of an empty list');
  return round3(values.reduce((sum, v) => sum + v, 0) / values.length);
}

/** Three decimals: enough for milliseconds, and stable text across platforms. */
export function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
