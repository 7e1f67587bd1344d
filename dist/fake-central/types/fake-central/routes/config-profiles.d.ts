import { ApiError } from '../api-error.js';
import type { Route, RouteContext } from '../router.js';
import type { Item } from '../types.js';
/** A network-config profile collection: collection GET, `/{name}` CRUD (SPEC.md §11). */
export interface ProfileCollection {
    /** Path segment, e.g. `wlan-ssids`. */
    segment: string;
    file: string;
    /** The singular list key of the collection GET, e.g. `wlan-ssid`. */
    listKey: string;
    /** Field holding the name used in `/{name}`. */
    nameField: string;
    /** Other fields that also address an item in `/{…}` (the NAC spec paths use ids). */
    altKeys?: string[];
}
/** The config API's success body (`Successful200`). */
export declare function configSuccess(state: RouteContext['state']): Item;
/**
 * Creating an object that exists. The spec lists 412 among the config API's errors and
 * secure-ssid retries such a POST as PATCH on 412 (config.py:281@9c7df43), so the fake answers
 * 412; the exact live errorCode is not documented, hence the generic config code.
 */
export declare function alreadyExists(what: string): ApiError;
export declare function configNotFound(name: string): ApiError;
/** RFC 7386 merge patch (null deletes a key). */
export declare function mergePatch(target: Item, patch: Item): Item;
/** Routes for one profile collection under network-config v1alpha1 (and the v1 alias). */
export declare function profileRoutes(c: ProfileCollection): Route[];
