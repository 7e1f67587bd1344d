import type { RouteContext } from '../router.js';
import type { Item } from '../types.js';
import type { FakeResponse } from '../http-types.js';
/** Rows any of whose fields contain `search`, case-insensitively; all rows without one. */
export declare function searched(rows: Item[], search: string | null): Item[];
/** A bundle file's records after the query's `filter`, `sort` and `search`. */
export declare function nacRecords(ctx: RouteContext, file: string): Item[];
/** One page of a NAC list: by `offset` when the client sends one, else by `next` cursor. */
export declare function nacListPage(ctx: RouteContext, file: string): FakeResponse;
/** The record a NAC write sends: wrapped in `input` (secure-ssid nac.py:47), or bare. */
export declare function nacInput(body: ReturnType<RouteContext['body']>): Item;
/** A deterministic UUID-shaped id for the n-th record of `kind` created since the reset. */
export declare function nacRecordId(kind: string, n: number): string;
