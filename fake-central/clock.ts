import type { FakeState } from './state.js';

const DAY_MS = 86_400_000;

/**
 * Maps a time window a client sent into the bundle's time. The fixtures sit around the bundle's
 * fixed `now`, but real servers compute "the last 24 hours" from their own wall clock, months
 * later. A window that ends more than a day after the bundle's `now` is taken to be wall-clock
 * based and shifted by the skew measured when the state was created, so it selects the same
 * fixture data whenever the benchmark runs. Windows already in bundle time pass unchanged.
 */
export function toBundleWindow(state: FakeState, start: number, end: number): [number, number] {
  const now = Date.parse(state.now);
  if (end <= now + DAY_MS) return [start, end];
  return [start - state.clockSkewMs, end - state.clockSkewMs];
}
