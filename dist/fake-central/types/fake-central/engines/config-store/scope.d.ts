import type { Item } from '../../types.js';
/**
 * Where a config object lives. SHARED objects are the library (the bundle's items carry no
 * marker); LOCAL objects belong to one scope and device function, kept in the private fields
 * `_scopeId` / `_deviceFunction` (never served; publicView drops `_` fields).
 */
export interface ObjectScope {
    objectType: 'SHARED' | 'LOCAL';
    scopeId?: string;
    deviceFunction?: string;
}
/**
 * The scope a write addresses: `object-type` LOCAL needs `scope-id` and `device-function`, an
 * explicit SHARED forbids them, no `object-type` means SHARED unless a scope is given (the
 * documents' `post_object_type`/`delete_scope_id` parameter descriptions).
 */
export declare function writeScope(query: URLSearchParams): ObjectScope;
/** The object's own scope, from its private markers. */
export declare function scopeOf(item: Item): ObjectScope;
export declare function sameScope(a: ObjectScope, b: ObjectScope): boolean;
/** The private markers that store a scope on an item (none for SHARED). */
export declare function scopeMarkers(scope: ObjectScope): Item;
/**
 * Which objects a read selects: `view-type=LIBRARY` the shared library only (other parameters
 * ignored); `view-type=LOCAL` what is committed at `scope-id` (mandatory, else 400; with
 * `effective=true` the shared objects it inherits too); otherwise `object-type`, `scope-id` and
 * `device-function` filter, and no parameter selects everything.
 */
export declare function readFilter(query: URLSearchParams): (item: Item) => boolean;
/**
 * `detailed=true` annotations: an `@` member naming the object type and, for LOCAL objects, a
 * stringified list of {device_function, scope_type, scope_name} records, the form the live API
 * sends (nowireless4u tests/unit/test_redaction_embedded_leaks.py:124-131 and
 * skills/central-scope-visualizer.md:69-85 @91fe984; the documents only say "annotations").
 */
export declare function annotate(item: Item, scopeName: (scopeId: string) => [string, string]): Item;
/** Singletons keep one object per scope: `SHARED`, or `LOCAL <scope-id> <device-function>`. */
export declare function singletonKey(scope: ObjectScope): string;
