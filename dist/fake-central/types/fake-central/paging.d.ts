import { type ErrorStyle } from './api-error.js';
import type { Item } from './types.js';
/** Limits of one list endpoint, from the vendor spec. */
export interface PageLimits {
    defaultLimit: number;
    maxLimit: number;
    /** First offset value (audits start at 1, everything else at 0). */
    minOffset?: number;
    style?: ErrorStyle;
    /**
     * `next` on the last page: `null` where the document requires the field (and describes it null
     * when there are no further pages, SPEC.md §13 D3), `absent` where it makes it optional.
     */
    lastNext?: LastNext;
}
/** How a cursor list says it has no further page (SPEC.md §5). */
export type LastNext = 'null' | 'absent';
/** `{next}` for the page after `page`, or the last page's form. */
export declare function nextField(more: boolean, page: number, last?: LastNext): Item;
/** Drops fixture-internal `_` keys so responses carry only vendor fields. */
export declare function publicView(item: Item): Item;
/** The `limit` query parameter, validated against the endpoint's range. */
export declare function limitParam(query: URLSearchParams, limits: PageLimits): number;
/**
 * Page-number pagination (`next` = "2", "3" … as a string; on the last page null or absent, as
 * `limits.lastNext` says).
 * `total` is the filtered count and page n holds items [(n-1)·limit, n·limit).
 */
export declare function cursorPage(items: Item[], query: URLSearchParams, limits: PageLimits, listKey?: string): Item;
/** Offset pagination: echoes `offset`; `total` is the filtered count. */
export declare function offsetPage(items: Item[], query: URLSearchParams, limits: PageLimits, listKey?: string): Item;
