import { type ErrorStyle } from './api-error.js';
import type { Item } from './types.js';
/** Limits of one list endpoint, from the vendor spec. */
export interface PageLimits {
    defaultLimit: number;
    maxLimit: number;
    /** First offset value (audits start at 1, everything else at 0). */
    minOffset?: number;
    style?: ErrorStyle;
}
/** Drops fixture-internal `_` keys so responses carry only vendor fields. */
export declare function publicView(item: Item): Item;
/** The `limit` query parameter, validated against the endpoint's range. */
export declare function limitParam(query: URLSearchParams, limits: PageLimits): number;
/**
 * Page-number pagination (`next` = "2", "3" … as a string, null on the last page).
 * `total` is the filtered count and page n holds items [(n-1)·limit, n·limit).
 */
export declare function cursorPage(items: Item[], query: URLSearchParams, limits: PageLimits, listKey?: string): Item;
/** Offset pagination: echoes `offset`; `total` is the filtered count. */
export declare function offsetPage(items: Item[], query: URLSearchParams, limits: PageLimits, listKey?: string): Item;
