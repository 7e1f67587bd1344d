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
/**
 * A client's trail: one entry per association the event list logs for it (oldest first), each
 * from the AP before it, at the event's time; with none logged, the current association at
 * `connectedAt` (a client that never connected: its last-seen time). Times are on the bundle's
 * clock, as the events are.
 */
export declare function mobilityTrail(state: FakeState, mac: string): Item[];
