/** One profile family of the generic store. */
export interface ProfileFamily {
    /** Path segment after `/network-config/{v1,v1alpha1}/`, e.g. `ntp`. */
    segment: string;
    /** The vendor document family it comes from, e.g. `system`. */
    document: string;
    /** Key of the list in the collection GET, e.g. `profile`. */
    listKey: string;
    /** Item field the `/{…}` path parameter names, e.g. `name`. */
    keyField: string;
    /** A singleton object (GET/POST/PATCH/DELETE on the collection path, no `/{name}`). */
    singleton: boolean;
}
/** Every family, in table order. */
export declare const PROFILE_FAMILIES: readonly ProfileFamily[];
/** Family by path segment. */
export declare const FAMILY_BY_SEGMENT: ReadonlyMap<string, ProfileFamily>;
/** The state file a family is stored in (a bundle may seed it). */
export declare function familyFile(family: ProfileFamily): string;
