import type { Fraction } from '../report/types.js';

/** What an absent figure shows as, in the page and the dashboard alike. */
export const ABSENT = '—';

export { decimal, integer } from '../report/format-number.js';

/** `0.75 (3/4)`, or the absent mark when nothing was counted. */
export function fraction(f: Fraction): string {
  return f.fraction === null ? ABSENT : `${f.fraction.toFixed(2)} (${f.passed}/${f.of})`;
}

/** `80%`, rounded. */
export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** The last `lines` lines of a log. */
export function tail(text: string, lines = 20): string {
  return text.replace(/\s+$/, '').split('\n').slice(-lines).join('\n');
}
