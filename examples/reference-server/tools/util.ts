import type { Collected } from '../http/paging.js';
import { ToolInputError } from './define-tool.js';

type Obj = Record<string, unknown>;

/** The named fields of `item` that are present (undefined dropped, null kept: it is a fact). */
export function pick(item: unknown, fields: readonly string[]): Obj {
  const source = (item ?? {}) as Obj;
  const out: Obj = {};
  for (const f of fields) if (source[f] !== undefined) out[f] = source[f];
  return out;
}

/** `item` without the named fields (for detail views that keep nearly everything). */
export function omit(item: unknown, fields: readonly string[]): Obj {
  const out: Obj = { ...((item ?? {}) as Obj) };
  for (const f of fields) delete out[f];
  return out;
}

/** OData-lite `field eq 'value'` clauses joined by `and`; undefined values are left out. */
export function odataFilter(clauses: Record<string, string | undefined>): string | undefined {
  const parts = Object.entries(clauses)
    .filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '')
    .map(([field, value]) => `${field} eq '${value.replaceAll("'", "''")}'`);
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/**
 * Any MAC spelling (colons, dashes, dots, none) as `aa:bb:cc:dd:ee:ff`, the form Central returns,
 * so echoed MACs match the data verbatim; a ToolInputError otherwise.
 */
export function normaliseMac(raw: string): string {
  const hex = raw.replace(/[^0-9a-fA-F]/g, '');
  if (hex.length !== 12 || raw.replace(/[0-9a-fA-F:.\-\s]/g, '') !== '') {
    throw new ToolInputError(`"${raw}" is not a MAC address (expected e.g. AA:BB:CC:DD:EE:FF)`);
  }
  return (hex.toLowerCase().match(/../g) ?? []).join(':');
}

/** RFC 3339 without milliseconds, as the vendor's examples write it. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** `start-at`/`end-at` for the last `hours` hours before `now`. */
export function timeWindow(now: Date, hours: number): { 'start-at': string; 'end-at': string } {
  return {
    'start-at': rfc3339(new Date(now.getTime() - hours * 3_600_000)),
    'end-at': rfc3339(now),
  };
}

/** A list result: the API's total, what is returned, and a note when it was cut short. */
export function listResult<T>(
  collected: Collected<unknown>,
  map: (item: unknown) => T,
  name = 'items',
): Obj {
  const items = collected.items.map(map);
  return {
    total: collected.total ?? items.length,
    returned: items.length,
    ...(collected.truncated ? { truncated: true } : {}),
    [name]: items,
  };
}

/** `[{name, value|count}]` health/alert groups as `{Poor: 1, Good: 9}`. */
export function groups(value: unknown): Obj | undefined {
  const list = (value as { groups?: unknown } | null | undefined)?.groups;
  if (!Array.isArray(list)) return undefined;
  const out: Obj = {};
  for (const g of list as Obj[]) {
    if (typeof g.name === 'string') out[g.name] = g.value ?? g.count ?? null;
  }
  return out;
}
