import type { Item, Json } from '../types.js';
export declare const DEVICE_TYPES: readonly ["AP", "SWITCH", "GATEWAY"];
export declare const DEVICE_HEALTHS: readonly ["Good", "Fair", "Poor"];
/** A device to add for one test; it appears in every endpoint that lists devices of its site. */
export interface SeedDevice {
    serialNumber: string;
    deviceType: (typeof DEVICE_TYPES)[number];
    /** A site of the bundle, or null for a device in the inventory that no site holds. */
    siteId: string | null;
    status: 'ONLINE' | 'OFFLINE';
    health: (typeof DEVICE_HEALTHS)[number];
    deviceName?: string;
    macAddress?: string;
    model?: string;
    /** Default `Yes` for a device in a site, `No` for one in none. */
    isProvisioned?: 'Yes' | 'No';
}
/** A raw edit of one collection (a fixture file): no other endpoint follows it. */
export type SeedPatch = {
    collection: string;
    where?: Record<string, Json>;
    set: Item;
} | {
    collection: string;
    add: Item[];
} | {
    collection: string;
    where: Record<string, Json>;
    remove: true;
};
export interface Seed {
    devices: SeedDevice[];
    patch: SeedPatch[];
}
/** A seed as a caller writes it: `status` (ONLINE) and `health` (Good) may be left out. */
export interface SeedInput {
    devices?: (Omit<SeedDevice, 'status' | 'health'> & Partial<Pick<SeedDevice, 'status' | 'health'>>)[];
    patch?: SeedPatch[];
}
/** Checks a seed as sent (JSON) and fills the defaults; throws FakeCentralError `seed_invalid`. */
export declare function parseSeed(value: unknown): Seed;
/** True when the seed changes nothing (reset then serves the bundle itself). */
export declare const isEmptySeed: (seed: Seed) => boolean;
