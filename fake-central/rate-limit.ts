import type { FakeState } from './state.js';

/** Hourly quota the fake advertises; the real figure is undocumented (SPEC.md §7). */
export const RATE_LIMIT_PER_HOUR = 10_000;

/** `X-RateLimit-*` headers for every response, derived from the fixed clock and the call count. */
export function rateLimitHeaders(state: FakeState, seq: number): Record<string, string> {
  let reset = state.cache.get('rate-limit-reset');
  if (reset === undefined) {
    const now = new Date(state.now);
    const next = Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate(),
      now.getUTCHours() + 1,
    );
    // RFC 3339 without milliseconds: the spec's maxLength is 20.
    reset = new Date(next).toISOString().replace(/\.\d{3}Z$/, 'Z');
    state.cache.set('rate-limit-reset', reset);
  }
  return {
    'X-RateLimit-Limit': String(RATE_LIMIT_PER_HOUR),
    'X-RateLimit-Remaining': String(Math.max(0, RATE_LIMIT_PER_HOUR - seq)),
    'X-RateLimit-Reset': reset,
  };
}
