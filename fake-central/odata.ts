import { badRequest } from './api-error.js';
import { text } from './json.js';
import type { Item, Json } from './types.js';

/** One clause of an OData-lite filter: `field op value` or `field in (v, …)`. */
interface Clause {
  field: string;
  op: 'eq' | 'ne' | 'gt' | 'lt' | 'ge' | 'le' | 'in';
  values: string[];
}

const CLAUSE =
  /^\s*([A-Za-z_][\w.]*)\s+(eq|ne|gt|lt|ge|le|in)\s+(\([^)]*\)|'(?:[^']|'')*'|"[^"]*"|\S+)\s*$/i;

function unquote(raw: string): string {
  const v = raw.trim();
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2)
    return v.slice(1, -1).replaceAll("''", "'");
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) return v.slice(1, -1);
  return v;
}

function splitAnd(filter: string): string[] {
  // Split on ` and ` outside quotes/parentheses; `or`/`not` are not supported by the vendor.
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < filter.length; i++) {
    const c = filter[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /^\s+and\s+/i.test(filter.slice(i)) && /\s/.test(c ?? '')) {
      const m = /^\s+and\s+/i.exec(filter.slice(i));
      parts.push(filter.slice(start, i));
      i += (m?.[0].length ?? 1) - 1;
      start = i + 1;
    }
  }
  parts.push(filter.slice(start));
  return parts;
}

/**
 * The filter a list applies: the caller's, narrowed by each default clause whose field the
 * caller's filter does not name. listUnifiedClients keeps its connected-only default when other
 * filters come without a `status` clause (SPEC.md §10); naming `status` replaces it.
 */
export function withDefaultFilter(
  given: string | null,
  defaultFilter: string | undefined,
): string | undefined {
  if (given === null || given.trim() === '') return defaultFilter;
  if (defaultFilter === undefined) return given;
  const named = new Set(parseFilter(given).map((c) => c.field));
  const kept = splitAnd(defaultFilter).filter(
    (clause) => !named.has(parseFilter(clause)[0]?.field ?? ''),
  );
  return [given, ...kept].join(' and ');
}

/** Parses a filter expression; a malformed one throws the vendor's 400. */
export function parseFilter(filter: string): Clause[] {
  if (filter.trim() === '') return [];
  return splitAnd(filter).map((part) => {
    const m = CLAUSE.exec(part);
    if (!m?.[1] || !m[2] || m[3] === undefined) {
      throw badRequest(`Invalid filter expression: ${part.trim()}`);
    }
    const op = m[2].toLowerCase() as Clause['op'];
    const raw = m[3];
    const values =
      op === 'in'
        ? raw.startsWith('(')
          ? raw
              .slice(1, -1)
              .split(',')
              .map(unquote)
              .filter((v) => v !== '')
          : (() => {
              throw badRequest(
                `Invalid filter expression: "in" needs a list in parentheses: ${part.trim()}`,
              );
            })()
        : [unquote(raw)];
    return { field: m[1], op, values };
  });
}

function fieldValue(item: Item, field: string): Json | undefined {
  let value: Json | undefined = item;
  for (const key of field.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = value[key];
  }
  return value;
}

function compare(a: Json | undefined, b: string): number {
  if (typeof a === 'number') return a - Number(b);
  const ta = Date.parse(text(a));
  const tb = Date.parse(b);
  if (!Number.isNaN(ta) && !Number.isNaN(tb)) return ta - tb;
  return text(a).localeCompare(b);
}

/** Whether an item satisfies every clause. Unknown fields never match (as on the real API). */
export function matches(item: Item, clauses: Clause[]): boolean {
  return clauses.every((c) => {
    const v = fieldValue(item, c.field);
    const text =
      v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    const first = c.values[0] ?? '';
    switch (c.op) {
      case 'eq':
        return text === first;
      case 'ne':
        return text !== first;
      case 'in':
        return c.values.includes(text);
      case 'gt':
        return v !== undefined && compare(v, first) > 0;
      case 'lt':
        return v !== undefined && compare(v, first) < 0;
      case 'ge':
        return v !== undefined && compare(v, first) >= 0;
      case 'le':
        return v !== undefined && compare(v, first) <= 0;
    }
  });
}

/**
 * Applies `filter` to a list; an empty or absent filter keeps everything. `aliases` maps a
 * filter field the document names to the item field holding it (the site-health lists filter
 * on `siteId`, which their items carry as `id`).
 */
export function applyFilter(
  items: Item[],
  filter: string | null | undefined,
  aliases: Readonly<Record<string, string>> = {},
): Item[] {
  if (filter === null || filter === undefined || filter.trim() === '') return items;
  const clauses = parseFilter(filter).map((c) => ({ ...c, field: aliases[c.field] ?? c.field }));
  return items.filter((item) => matches(item, clauses));
}

/**
 * Applies `sort` (`field [asc|desc], …`); stable, so the fixture order breaks ties.
 * Returns a new array; the state is never reordered.
 */
export function applySort(items: Item[], sort: string | null | undefined): Item[] {
  if (sort === null || sort === undefined || sort.trim() === '') return items;
  const keys = sort.split(',').map((part) => {
    const [field = '', dir = 'asc'] = part.trim().split(/\s+/);
    if (!/^[A-Za-z_][\w.]*$/.test(field) || !/^(asc|desc)$/i.test(dir)) {
      throw badRequest(`Invalid sort expression: ${part.trim()}`);
    }
    return { field, sign: dir.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      for (const k of keys) {
        const va = fieldValue(a.item, k.field);
        const vb = fieldValue(b.item, k.field);
        const c =
          typeof va === 'number' && typeof vb === 'number'
            ? va - vb
            : text(va).localeCompare(text(vb));
        if (c !== 0) return c * k.sign;
      }
      return a.index - b.index;
    })
    .map((e) => e.item);
}
