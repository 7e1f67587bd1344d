import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/** Bytes a client moved in the window: fixed per MAC, so usage, top-N and per-AP sums agree. */
export declare function clientUsage(client: Item): number;
/** Top clients by usage, largest first. */
export declare function topClients(state: FakeState, query: URLSearchParams): Item[];
/** Top APs by the usage of their clients (`wired`/`wireless` split by connection type). */
export declare function topAps(state: FakeState, query: URLSearchParams, kind: 'all' | 'wired' | 'wireless'): Item[];
/** Connected clients over time, wired and wireless. */
export declare function clientsTrend(state: FakeState, query: URLSearchParams): Item;
/** Client traffic over time: the last sample spreads the window's usage over its 36 samples. */
export declare function clientsUsage(state: FakeState, query: URLSearchParams): Item;
/** A client's trail: its current association (the bundle holds no roam history). */
export declare function mobilityTrail(state: FakeState, mac: string): Item[];
/** Onboarding per stage: a client that failed (status Failed) failed at `auth`. */
export declare function onboardingScore(state: FakeState, query: URLSearchParams): Item;
