import type { FakeState } from './state.js';
/**
 * Maps a time window a client sent into the bundle's time. The fixtures sit around the bundle's
 * fixed `now`, but real servers compute "the last 24 hours" from their own wall clock, months
 * later. A window that ends more than a day after the bundle's `now` is taken to be wall-clock
 * based and shifted by the skew measured when the state was created, so it selects the same
 * fixture data whenever the benchmark runs. Windows already in bundle time pass unchanged.
 */
export declare function toBundleWindow(state: FakeState, start: number, end: number): [number, number];
