// Axes of the dashboard's charts: a linear or a log scale over the data with labelled ticks.
// A log scale is chosen when the positive values span 20× or more (a menu of 5,000 tokens
// beside one of 90,000 would otherwise be a sliver), and the axis says which it is.

/** A scale from data to pixels, with the ticks to draw and label. */
export interface Scale {
  log: boolean;
  /** Data value → pixel offset within [0, length]. */
  at: (value: number) => number;
  ticks: { value: number; label: string }[];
}

/** `950`, `1.2k`, `45k`, `1.5M`: short tick labels. */
export function shortNumber(n: number): string {
  const abs = Math.abs(n);
  const trim = (x: number): string => String(Math.round(x * 10) / 10);
  if (abs >= 1e6) return `${trim(n / 1e6)}M`;
  if (abs >= 1e3) return `${trim(n / 1e3)}k`;
  if (abs >= 1 || n === 0) return trim(n);
  return String(Math.round(n * 100) / 100);
}

function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/** Whether positive values span enough to need a log axis. */
export function wantsLog(values: readonly number[]): boolean {
  const positive = values.filter((v) => v > 0);
  if (positive.length < 2) return false;
  return Math.max(...positive) / Math.min(...positive) >= 20;
}

/**
 * A linear scale from `min` (0 unless given) to a nice value at or above the largest, with
 * about `count` ticks; `format` labels them.
 */
export function linearScale(
  values: readonly number[],
  length: number,
  options: { min?: number; max?: number; count?: number; format?: (n: number) => string } = {},
): Scale {
  const min = options.min ?? 0;
  const top = options.max ?? Math.max(min + 1e-9, ...values);
  const step = niceStep(top - min, options.count ?? 5);
  const max = options.max ?? Math.ceil(top / step - 1e-9) * step;
  const format = options.format ?? shortNumber;
  const ticks: Scale['ticks'] = [];
  for (let v = min, i = 0; v <= max + step / 1e6 && i < 50; v = min + ++i * step) {
    ticks.push({ value: v, label: format(Math.round(v / step) * step) });
  }
  return {
    log: false,
    at: (value) => ((Math.min(max, Math.max(min, value)) - min) / (max - min || 1)) * length,
    ticks,
  };
}

/** A log10 scale over whole decades around the positive values, a tick at each decade. */
export function logScale(values: readonly number[], length: number): Scale {
  const positive = values.filter((v) => v > 0);
  const lo = Math.floor(Math.log10(Math.min(...positive)));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...positive))));
  const ticks: Scale['ticks'] = [];
  for (let d = lo; d <= hi; d += 1) ticks.push({ value: 10 ** d, label: shortNumber(10 ** d) });
  return {
    log: true,
    at: (value) => ((Math.log10(Math.max(value, 10 ** lo)) - lo) / (hi - lo)) * length,
    ticks,
  };
}

/** Log when the values span orders of magnitude, else linear from 0. */
export function autoScale(values: readonly number[], length: number): Scale {
  return wantsLog(values) ? logScale(values, length) : linearScale(values, length);
}

/**
 * Estimated width of a label at the charts' 12px sans-serif: a conservative average advance per
 * character, so a label placed by it does not touch its neighbour when the font runs wide (the
 * Chromium test measures the real boxes).
 */
export function textWidth(text: string): number {
  return [...text].length * 7.2 + 2;
}

/** A label cut to fit `width` pixels, with an ellipsis (the full text goes in a `<title>`). */
export function fitLabel(text: string, width: number): string {
  const max = Math.max(3, Math.floor((width - 2) / 7.2));
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
