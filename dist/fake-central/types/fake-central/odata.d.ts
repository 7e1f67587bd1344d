import type { Item } from './types.js';
/** One clause of an OData-lite filter: `field op value` or `field in (v, …)`. */
interface Clause {
    field: string;
    op: 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'in';
    values: string[];
}
/**
 * The filter a list applies: the caller's, narrowed by each default clause whose field the
 * caller's filter does not name. listUnifiedClients keeps its connected-only default when other
 * filters come without a `status` clause (SPEC.md §10); naming `status` replaces it.
 */
export declare function withDefaultFilter(given: string | null, defaultFilter: string | undefined): string | undefined;
/** Parses a filter expression; a malformed one throws the vendor's 400. */
export declare function parseFilter(filter: string): Clause[];
/** Whether an item satisfies every clause. Unknown fields never match (as on the real API). */
export declare function matches(item: Item, clauses: Clause[]): boolean;
/**
 * Applies `filter` to a list; an empty or absent filter keeps everything. `aliases` maps a
 * filter field the document names to the item field holding it (the site-health lists filter
 * on `siteId`, which their items carry as `id`).
 */
export declare function applyFilter(items: Item[], filter: string | null | undefined, aliases?: Readonly<Record<string, string>>): Item[];
/**
 * Applies `sort` (`field [asc|desc], …`); stable, so the fixture order breaks ties.
 * Returns a new array; the state is never reordered.
 */
export declare function applySort(items: Item[], sort: string | null | undefined): Item[];
export {};
