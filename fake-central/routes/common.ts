import { badRequest, type ErrorStyle, notFound } from '../api-error.js';
import { applyFilter, applySort } from '../odata.js';
import { text } from '../json.js';
import { publicView } from '../paging.js';
import type { Item, Json } from '../types.js';

/** Version alternatives served for each family (the servers call a mix; central-api.md §6.3). */
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

/** Filter then sort a collection from the query's `filter` and `sort`. */
export function filterAndSort(
  items: Item[],
  query: URLSearchParams,
  defaultFilter?: string,
): Item[] {
  const filter = query.get('filter') ?? defaultFilter;
  return applySort(applyFilter(items, filter), query.get('sort'));
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
