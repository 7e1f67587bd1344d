import type { Json } from '../types.js';
/** A collection's items: a list file's elements, or an object-shaped file as one item. */
export declare function itemsOf(file: Json | undefined): Json[];
/** An item before and after the run (either side absent for an added or removed one). */
export interface ItemChange {
    label: string;
    before: Json | undefined;
    after: Json | undefined;
}
/**
 * The items of one collection that differ between the bundle and the final state, paired by
 * their identity field (the first of IDENTITY_PATHS every bundle item has, unique); a collection
 * without one is compared as a multiset of whole items (a change is then removed + added).
 */
export declare function diffCollection(before: Json | undefined, after: Json | undefined): ItemChange[];
/** Names of the collections whose final state differs from the bundle, sorted. */
export declare function changedCollections(bundle: ReadonlyMap<string, Json>, touched: ReadonlyMap<string, Json>): string[];
