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

/** Page-number cursor pagination (`next` = "2", "3" …, null on the last page). */
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
  for (let page = 0; page < MAX_PAGES; page++) {
    const body: Envelope = await client.get<Envelope>(
      opts.path,
      { ...opts.query, limit, ...(next === null ? {} : { next }) },
      opts.api,
    );
    items.push(...(listOf(body, key) as T[]));
    total = totalOf(body) ?? total;
    const raw: unknown = body.next;
    next = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
    if (next === '') next = null;
    if (next === null) break;
    if (items.length >= cap) return { items: items.slice(0, cap), total, truncated: true };
  }
  return { items, total, truncated: next !== null };
}

/** Offset pagination: stops when `total` is reached or a page comes back empty. */
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
    const done =
      list.length === 0 || list.length < limit || (total !== null && items.length >= total);
    if (done) break;
    if (items.length >= cap) return { items: items.slice(0, cap), total, truncated: true };
  }
  return { items, total, truncated: total !== null && items.length < total };
}
