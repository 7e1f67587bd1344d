import type { Item, Json } from '../types.js';
export type Health = 'Poor' | 'Fair' | 'Good';
export type HealthCounts = Record<Health, number>;
export type HealthGroups = {
    groups: {
        name: Health;
        value: number;
    }[];
};
/** Vendor health groups, Poor first, from counts. */
export declare const groupsOf: (counts: HealthCounts) => HealthGroups;
/** Counts back from vendor health groups (a missing group counts 0). */
export declare function countsOf(health: Json | undefined): HealthCounts;
export declare const sumCounts: (...all: HealthCounts[]) => HealthCounts;
/** Site health as a percentage split of its devices and clients together (sums to 100). */
export declare function overallHealth(devices: HealthCounts, clients: HealthCounts): HealthGroups;
/** The reasons a site is not all Good, in the vendor's order (devices first, Poor first). */
export declare function healthReasons(devices: HealthCounts, clients: HealthCounts): Item[];
/** The `deviceTypes` entry names, by device type. */
export declare const DEVICE_TYPE_GROUP: {
    readonly AP: "Access Points";
    readonly SWITCH: "Switches";
    readonly GATEWAY: "Gateways";
};
/**
 * Counts one more device of `group` with `health` in the aggregates of site `siteId`: the
 * site-health detail, the sites-health and sites-device-health lists and the config site's
 * `deviceCount`. Works on copies the caller owns (`edit` returns a mutable copy of a file).
 */
export declare function countDeviceInSite(edit: (file: string) => Json | undefined, siteId: string, group: string, health: Health): void;
