import { badRequest, type ErrorStyle } from './api-error.js';
import type { Item, Json } from './types.js';

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
export function nextField(more: boolean, page: number, last: LastNext = 'null'): Item {
  if (more) return { next: String(page + 1) };
  return last === 'absent' ? {} : { next: null };
}

/** Drops fixture-internal `_` keys so responses carry only vendor fields. */
export function publicView(item: Item): Item {
  let hasPrivate = false;
  for (const key in item) {
    if (key.startsWith('_')) {
      hasPrivate = true;
      break;
    }
  }
  if (!hasPrivate) return item;
  const out: Item = {};
  for (const key in item) if (!key.startsWith('_')) out[key] = item[key] as Json;
  return out;
}

function intParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
  style: ErrorStyle,
): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw badRequest(`${name} must be an integer, got "${raw}"`, style);
  const value = Number(raw);
  if (value < min || value > max) {
    throw badRequest(`${name} must be between ${min} and ${max}, got ${value}`, style);
  }
  return value;
}

/** The `limit` query parameter, validated against the endpoint's range. */
export function limitParam(query: URLSearchParams, limits: PageLimits): number {
  return intParam(query, 'limit', limits.defaultLimit, 1, limits.maxLimit, limits.style ?? 'mrt');
}

/**
 * Short-pages mode (FakeCentral.setShortPages) for one request: each paged collection is served
 * in `pages` pages, and `served` says what a page of this request was cut to.
 */
export interface ShortPages {
  pages: number;
  served?: { size: number; total: number };
}

/** Most pages short-pages mode splits a collection into (each a request of the client's). */
const MAX_SHORT_PAGES = 100;

/** A short-pages setting, checked: a whole number of pages from 2 to 100, or null (off). */
export function checkShortPages(pages: unknown): number | null {
  if (pages === null) return null;
  if (
    typeof pages === 'number' &&
    Number.isInteger(pages) &&
    pages >= 2 &&
    pages <= MAX_SHORT_PAGES
  )
    return pages;
  throw new TypeError(
    `shortPages is ${JSON.stringify(pages) ?? typeof pages}; it must be a whole number from 2 to ${MAX_SHORT_PAGES} (each paged collection is served in that many pages), or null for full pages`,
  );
}

// Keyed by the request's query object: the paging helpers below get the query, not the state,
// from dozens of handlers, and a request's query object lives exactly as long as the request.
const shortPagesOf = new WeakMap<URLSearchParams, ShortPages>();

/** Marks a request's query for short pages; what its page was cut to is read back from the mark. */
export function shortPagesFor(query: URLSearchParams, pages: number): ShortPages {
  const mark: ShortPages = { pages };
  shortPagesOf.set(query, mark);
  return mark;
}

/**
 * The page size: the client's `limit` (validated), or in short-pages mode at most
 * ceil(total / pages) items, never fewer than 1. A page size of 1 up to the limit asked for is
 * within every document's range (limit ≥ 1), and `next`, `offset` and `total` stay consistent
 * with it: a client that follows `next`, or advances the offset by `count` until `total`, gets
 * every item; one that reads only the first page gets a third of them.
 */
export function pageSize(query: URLSearchParams, limits: PageLimits, total: number): number {
  const limit = limitParam(query, limits);
  const mark = shortPagesOf.get(query);
  if (mark === undefined) return limit;
  const size = Math.max(1, Math.ceil(total / mark.pages));
  if (size >= limit) return limit;
  mark.served = { size, total };
  return size;
}

/**
 * Page-number pagination (`next` = "2", "3" … as a string; on the last page null or absent, as
 * `limits.lastNext` says).
 * `total` is the filtered count and page n holds items [(n-1)·limit, n·limit).
 */
export function cursorPage(
  items: Item[],
  query: URLSearchParams,
  limits: PageLimits,
  listKey = 'items',
): Item {
  const limit = pageSize(query, limits, items.length);
  const page = intParam(query, 'next', 1, 1, Number.MAX_SAFE_INTEGER, limits.style ?? 'mrt');
  const start = (page - 1) * limit;
  const slice = items.slice(start, start + limit).map(publicView);
  const more = start + limit < items.length;
  return {
    count: slice.length,
    [listKey]: slice,
    ...nextField(more, page, limits.lastNext),
    total: items.length,
  };
}

/** Offset pagination: echoes `offset`; `total` is the filtered count. */
export function offsetPage(
  items: Item[],
  query: URLSearchParams,
  limits: PageLimits,
  listKey = 'items',
): Item {
  const minOffset = limits.minOffset ?? 0;
  const limit = pageSize(query, limits, items.length);
  const offset = intParam(
    query,
    'offset',
    minOffset,
    minOffset,
    Number.MAX_SAFE_INTEGER,
    limits.style ?? 'mrt',
  );
  const start = offset - minOffset;
  const slice = items.slice(start, start + limit).map(publicView);
  return { count: slice.length, [listKey]: slice, offset, total: items.length };
}
