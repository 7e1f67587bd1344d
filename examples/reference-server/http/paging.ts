import type { Api, CentralClient, Query } from './central-client.js';

/** Hard stop for a misbehaving API whose `next` never ends. */
const MAX_PAGES = 200;

/** Every item a paged endpoint returned, and whether the caller's cap cut it short. */
export interface Collected<T> {
  items: T[];
  /** `total` as the API reported it (the filtered count), or null when it did not. */
  total: number | null;
  truncated: boolean;
}

interface PageOptions {
  path: string;
  query?: Query;
  /** The list key of the envelope (`items`, `events`, `devices` …). */
  listKey?: string;
  /** Page size: the endpoint's maximum, so a fleet needs as few calls as possible. */
  pageSize: number;
  /** Stop once this many items are collected. */
  maxItems?: number;
  api?: Api;
}

type Envelope = Record<string, unknown>;

function listOf(page: Envelope, key: string): unknown[] {
  const list = page[key];
  return Array.isArray(list) ? list : [];
}

function totalOf(page: Envelope): number | null {
  return typeof page.total === 'number' ? page.total : null;
}

/** How often one page is asked for again when it came back short (fake-central `short_page`). */
const SHORT_PAGE_RETRIES = 2;

/**
 * Page-number cursor pagination (`next` = "2", "3" …, null on the last page). A page with fewer
 * items than it should hold — fewer than `limit` while `next` is set, or fewer than `total` says
 * remain — is asked for again (up to twice) before it is kept: following `next` past it would
 * lose the missing items without an error.
 */
export async function collectCursor<T = Envelope>(
  client: CentralClient,
  opts: PageOptions,
): Promise<Collected<T>> {
  const key = opts.listKey ?? 'items';
  const cap = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const limit = Math.min(opts.pageSize, cap);
  const items: T[] = [];
  let total: number | null = null;
  let next: string | null = null;
  let retries = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body: Envelope = await client.get<Envelope>(
      opts.path,
      { ...opts.query, limit, ...(next === null ? {} : { next }) },
      opts.api,
    );
    const list = listOf(body, key) as T[];
    const pageTotal: number | null = totalOf(body) ?? total;
    const raw: unknown = body.next;
    let following = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
    if (following === '') following = null;
    const expected =
      following !== null
        ? limit
        : pageTotal === null
          ? 0
          : Math.min(limit, pageTotal - items.length);
    if (list.length < expected && retries < SHORT_PAGE_RETRIES) {
      retries += 1;
      continue;
    }
    retries = 0;
    items.push(...list);
    total = pageTotal;
    next = following;
    if (next === null) break;
    if (items.length >= cap) return { items: items.slice(0, cap), total, truncated: true };
  }
  return { items, total, truncated: next !== null };
}

/**
 * Offset pagination: each page starts where the items collected so far end (so a short page is
 * continued, not skipped); stops when `total` is reached or a page comes back empty.
 */
export async function collectOffset<T = Envelope>(
  client: CentralClient,
  opts: PageOptions & { firstOffset?: number },
): Promise<Collected<T>> {
  const key = opts.listKey ?? 'items';
  const cap = opts.maxItems ?? Number.POSITIVE_INFINITY;
  const limit = Math.min(opts.pageSize, cap);
  const first = opts.firstOffset ?? 0;
  const items: T[] = [];
  let total: number | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body: Envelope = await client.get<Envelope>(
      opts.path,
      { ...opts.query, limit, offset: first + items.length },
      opts.api,
    );
    const list = listOf(body, key) as T[];
    items.push(...list);
    total = totalOf(body) ?? total;
    // Without a total, a page under `limit` is the last one; with one, only the total says so.
    const done =
      list.length === 0 || (total === null ? list.length < limit : items.length >= total);
    if (done) break;
    if (items.length >= cap) return { items: items.slice(0, cap), total, truncated: true };
  }
  return { items, total, truncated: total !== null && items.length < total };
}
