import { createHash } from 'node:crypto';
import { isItem, text } from '../json.js';
import { cursorPage, offsetPage } from '../paging.js';
import type { RouteContext } from '../router.js';
import type { Item } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { bodyObject, filterAndSort, ok } from './common.js';

/**
 * What the Central NAC record lists share (central-nac-service getMacRegistrations, getVisitors):
 * `filter`/`sort`, a free-text `search` over every field, paging by `next` cursor or by `offset`
 * (SPEC.md §5), and bodies wrapped in `input`.
 */

// The document makes `next` optional: absent at the end. Default 50, at most 1000 (both lists).
const LIMITS = { defaultLimit: 50, maxLimit: 1000, lastNext: 'absent' } as const;

/** Rows any of whose fields contain `search`, case-insensitively; all rows without one. */
export function searched(rows: Item[], search: string | null): Item[] {
  if (!search) return rows;
  const needle = search.toLowerCase();
  return rows.filter((r) => Object.values(r).some((v) => text(v).toLowerCase().includes(needle)));
}

/** A bundle file's records after the query's `filter`, `sort` and `search`. */
export function nacRecords(ctx: RouteContext, file: string): Item[] {
  return searched(filterAndSort(ctx.state.list(file), ctx.query), ctx.query.get('search'));
}

/** One page of a NAC list: by `offset` when the client sends one, else by `next` cursor. */
export function nacListPage(ctx: RouteContext, file: string): FakeResponse {
  const items = nacRecords(ctx, file);
  return ok(
    ctx.query.has('offset')
      ? offsetPage(items, ctx.query, LIMITS)
      : cursorPage(items, ctx.query, LIMITS),
  );
}

/** The record a NAC write sends: wrapped in `input` (secure-ssid nac.py:47), or bare. */
export function nacInput(body: ReturnType<RouteContext['body']>): Item {
  const raw = bodyObject(body);
  return isItem(raw.input) ? raw.input : raw;
}

/** A deterministic UUID-shaped id for the n-th record of `kind` created since the reset. */
export function nacRecordId(kind: string, n: number): string {
  const hex = createHash('sha256').update(`${kind}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
