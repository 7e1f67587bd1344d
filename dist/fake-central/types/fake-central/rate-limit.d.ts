import type { FakeState } from './state.js';
/** Hourly quota the fake advertises; the real figure is undocumented (SPEC.md §7). */
export declare const RATE_LIMIT_PER_HOUR = 10000;
/** `X-RateLimit-*` headers for every response, derived from the fixed clock and the call count. */
export declare function rateLimitHeaders(state: FakeState, seq: number): Record<string, string>;
