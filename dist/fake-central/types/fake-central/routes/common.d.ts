import { type ErrorStyle } from '../api-error.js';
import { publicView } from '../paging.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
/** Version alternatives served for each family (the servers call a mix; SPEC.md §4). */
export declare const MRT_VERSIONS = "v1|v1alpha1";
export declare const CONFIG_VERSIONS = "v1alpha1|v1";
/** The request body as an object, or the family's 400. */
export declare function bodyObject(body: Json | undefined, style?: ErrorStyle): Item;
/** Throws the vendor's 400 naming every missing required query parameter. */
export declare function requireQuery(query: URLSearchParams, names: readonly string[], style?: ErrorStyle): void;
/**
 * The filtered, sorted (and optionally scoped) list a query selects, before paging. Cached on the
 * state per file and non-paging query, so walking 500 pages filters once, not 500 times.
 */
export declare function listView(state: FakeState, file: string, query: URLSearchParams, options?: {
    defaultFilter?: string;
    scope?: (items: Item[], query: URLSearchParams) => Item[];
    /** Filter fields the document names that the items hold under another name. */
    aliases?: Readonly<Record<string, string>>;
}): Item[];
/** Filter then sort a collection from the query's `filter` and `sort`. */
export declare function filterAndSort(items: Item[], query: URLSearchParams, defaultFilter?: string, aliases?: Readonly<Record<string, string>>): Item[];
/** Keeps items whose field equals the query parameter, when that parameter is present. */
export declare function byParam(items: Item[], query: URLSearchParams, param: string, field: string): Item[];
/** The item whose `field` equals `value`, or the 404 the family uses. */
export declare function findOr404(items: Item[], field: string, value: string, message?: string, code?: string): Item;
/** A MAC in any of the spellings clients send (colons, %3A, dashes, none) → `AA:BB:CC:DD:EE:FF`. */
export declare function normaliseMac(raw: string): string;
/** 200 with a JSON body. */
export declare function ok(body: Json): {
    status: number;
    body: Json;
};
export { publicView };
