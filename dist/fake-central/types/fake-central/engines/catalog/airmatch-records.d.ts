import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
/**
 * AirMatch (network-services, listApsV1 … getSolutionV1): the RF optimiser's view of the APs and
 * radios the bundle already has. Every record is derived from `aps.json` and the radios of
 * `ap-details.json`, so AirMatch's channel and EIRP are the monitoring radio's channel and power,
 * its neighbours are the other radios on the same band at the same site, and its timestamps sit
 * in the bundle's clock window (SPEC.md §10). Only `id` and `type` are required by the document;
 * the `type` values are the family's own (`network-services/airmatch-…`).
 */
/** One AP radio as AirMatch sees it. */
export interface Radio {
    ap: Item;
    radio: Item;
    mac: string;
    band: string;
    channel: number;
    eirp: number;
}
export declare function seed(value: string): number;
export declare const epoch: (state: FakeState, minutesAgo?: number) => number;
/** Every AP radio, keyed by its MAC in upper case (computed once per state). */
export declare function radios(state: FakeState): Map<string, Radio>;
export declare function apOf(state: FakeState, serial: string): Item;
export declare function radioOf(state: FakeState, mac: string, what: string): Radio;
export declare const radiosOfAp: (state: FakeState, serial: string) => Radio[];
/** Radios of other APs at the same site on the same band: what this radio hears. */
export declare function neighbours(state: FakeState, r: Radio): Radio[];
export declare const bandwidthMhz: (r: Radio) => string;
export declare function apRecord(state: FakeState, ap: Item): Item;
export declare function coveragePlan(state: FakeState, ap: Item): Item;
export declare function radioRecord(state: FakeState, r: Radio): Item;
/** The last AirMatch change of this radio: from a neighbouring channel to the current one. */
export declare function change(state: FakeState, r: Radio): Item;
/** Priority events are interference on a busy channel: radios at ≥ 30 % channel utilisation. */
export declare function priorityEvent(state: FakeState, r: Radio): Item | undefined;
export declare function solution(state: FakeState, r: Radio): Item;
export declare const feasibility: (r: Radio) => Item;
