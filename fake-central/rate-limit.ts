import type { FakeState } from './state.js';

/** Hourly quota the fake advertises; the real figure is undocumented (central-api.md §4.2). */
export const RATE_LIMIT_PER_HOUR = 10_000;

/** `X-RateLimit-*` headers for every response, derived from the fixed clock and the call count. */
export function rateLimitHeaders(state: FakeState, seq: number): Record<string, string> {
  const now = new Date(state.now);
  const reset = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours() + 1),
  );
  return {
    'X-RateLimit-Limit': String(RATE_LIMIT_PER_HOUR),
    'X-RateLimit-Remaining': String(Math.max(0, RATE_LIMIT_PER_HOUR - seq)),
    // RFC 3339 without milliseconds: the spec's maxLength is 20.
    'X-RateLimit-Reset': reset.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}
