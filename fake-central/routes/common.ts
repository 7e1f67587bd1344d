import { badRequest, type ErrorStyle, notFound } from '../api-error.js';
import { applyFilter, applySort, withDefaultFilter } from '../odata.js';
import { text } from '../json.js';
import { publicView } from '../paging.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';

/** Version alternatives served for each family (the servers call a mix; SPEC.md §4). */
export const MRT_VERSIONS = 'v1|v1alpha1';
export const CONFIG_VERSIONS = 'v1alpha1|v1';

/** The request body as an object, or the family's 400. */
export function bodyObject(body: Json | undefined, style: ErrorStyle = 'mrt'): Item {
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('Request body must be a JSON object', style);
  }
  return body;
}

/** Throws the vendor's 400 naming every missing required query parameter. */
export function requireQuery(
  query: URLSearchParams,
  names: readonly string[],
  style: ErrorStyle = 'mrt',
): void {
  const missing = names.filter((n) => (query.get(n) ?? '') === '');
  if (missing.length > 0) {
    throw badRequest(`Missing required query parameter(s): ${missing.join(', ')}`, style);
  }
}

const PAGING_PARAMS = new Set(['limit', 'next', 'offset']);

/**
 * The filtered, sorted (and optionally scoped) list a query selects, before paging. Cached on the
 * state per file and non-paging query, so walking 500 pages filters once, not 500 times.
 */
export function listView(
  state: FakeState,
  file: string,
  query: URLSearchParams,
  options: {
    defaultFilter?: string;
    scope?: (items: Item[], query: URLSearchParams) => Item[];
    /** Filter fields the document names that the items hold under another name. */
    aliases?: Readonly<Record<string, string>>;
  } = {},
): Item[] {
  const key = [
    file,
    ...[...query]
      .filter(([k]) => !PAGING_PARAMS.has(k))
      .map(([k, v]) => `${k}=${v}`)
      .sort(),
  ].join('\u0000');
  return state.view(key, () => {
    const items = state.list(file);
    return filterAndSort(
      options.scope ? options.scope(items, query) : items,
      query,
      options.defaultFilter,
      options.aliases,
    );
  });
}

/** Filter then sort a collection from the query's `filter` and `sort`. */
export function filterAndSort(
  items: Item[],
  query: URLSearchParams,
  defaultFilter?: string,
  aliases?: Readonly<Record<string, string>>,
): Item[] {
  return applySort(
    applyFilter(items, withDefaultFilter(query.get('filter'), defaultFilter), aliases),
    query.get('sort'),
  );
}

/** Keeps items whose field equals the query parameter, when that parameter is present. */
export function byParam(
  items: Item[],
  query: URLSearchParams,
  param: string,
  field: string,
): Item[] {
  const value = query.get(param);
  if (value === null || value === '') return items;
  return items.filter((item) => text(item[field]) === value);
}

/** The item whose `field` equals `value`, or the 404 the family uses. */
export function findOr404(
  items: Item[],
  field: string,
  value: string,
  message?: string,
  code?: string,
): Item {
  const item = items.find((i) => text(i[field]) === value);
  if (!item) throw notFound(message ?? `Not Found: ${value}`, code);
  return item;
}

/** A MAC in any of the spellings clients send (colons, %3A, dashes, none) → `AA:BB:CC:DD:EE:FF`. */
export function normaliseMac(raw: string): string {
  const hex = raw.replace(/[^0-9a-fA-F]/g, '');
  if (hex.length !== 12) return raw;
  return hex.toUpperCase().match(/../g)?.join(':') ?? raw;
}

/** 200 with a JSON body. */
export function ok(body: Json): { status: number; body: Json } {
  return { status: 200, body };
}

export { publicView };
