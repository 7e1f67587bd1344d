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
 * Short-pages mode (FakeCentral.setShortPages) for one request: each paged collection is served
 * in `pages` pages, and `served` says what a page of this request was cut to.
 */
export interface ShortPages {
    pages: number;
    served?: {
        size: number;
        total: number;
    };
}
/** A short-pages setting, checked: a whole number of pages from 2 to 100, or null (off). */
export declare function checkShortPages(pages: unknown): number | null;
/** Marks a request's query for short pages; what its page was cut to is read back from the mark. */
export declare function shortPagesFor(query: URLSearchParams, pages: number): ShortPages;
/**
 * The page size: the client's `limit` (validated), or in short-pages mode at most
 * ceil(total / pages) items, never fewer than 1. A page size of 1 up to the limit asked for is
 * within every document's range (limit ≥ 1), and `next`, `offset` and `total` stay consistent
 * with it: a client that follows `next`, or advances the offset by `count` until `total`, gets
 * every item; one that reads only the first page gets a third of them.
 */
export declare function pageSize(query: URLSearchParams, limits: PageLimits, total: number): number;
/**
 * Page-number pagination (`next` = "2", "3" … as a string; on the last page null or absent, as
 * `limits.lastNext` says).
 * `total` is the filtered count and page n holds items [(n-1)·limit, n·limit).
 */
export declare function cursorPage(items: Item[], query: URLSearchParams, limits: PageLimits, listKey?: string): Item;
/** Offset pagination: echoes `offset`; `total` is the filtered count. */
export declare function offsetPage(items: Item[], query: URLSearchParams, limits: PageLimits, listKey?: string): Item;
