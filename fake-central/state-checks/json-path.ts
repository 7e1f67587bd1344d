import type { Item, Json } from '../types.js';

/** The value at a dotted path (`essid.name`), or undefined when any step is missing. */
export function valueAt(item: Json, path: string): Json | undefined {
  let current: Json | undefined = item;
  for (const step of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = current[step];
  }
  return current;
}

/** Deep equality of JSON values (object key order ignored). */
export function jsonEqual(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => jsonEqual((a as Item)[k], (b as Item)[k]));
}

/** Every leaf path where two JSON values differ, sorted (`a.b` for nested objects; arrays whole). */
export function differingPaths(a: Json | undefined, b: Json | undefined, prefix = ''): string[] {
  const isObj = (v: Json | undefined): v is Item =>
    v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(a) || !isObj(b)) return jsonEqual(a, b) ? [] : [prefix];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((k) => differingPaths(a[k], b[k], prefix === '' ? k : `${prefix}.${k}`));
}

/** `where` holds for an item: every path has the given value. */
export function matchesWhere(item: Json, where: Record<string, Json> | undefined): boolean {
  if (!where) return true;
  return Object.entries(where).every(([path, value]) => jsonEqual(valueAt(item, path), value));
}
