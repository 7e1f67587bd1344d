import type { Item, Json } from '../types.js';
import { jsonEqual, valueAt } from './json-path.js';

/** Fields that identify an item across a run, tried in order (the first unique one wins). */
const IDENTITY_PATHS = [
  'id',
  'serialNumber',
  'serial',
  'macAddress',
  'mac',
  'ssid',
  'essid.name',
  'name',
  'key',
];

/** A collection's items: a list file's elements, or an object-shaped file as one item. */
export function itemsOf(file: Json | undefined): Json[] {
  if (file === undefined) return [];
  return Array.isArray(file) ? file : [file];
}

/** An item before and after the run (either side absent for an added or removed one). */
export interface ItemChange {
  label: string;
  before: Json | undefined;
  after: Json | undefined;
}

function identityPath(items: readonly Json[]): string | null {
  for (const path of IDENTITY_PATHS) {
    const values = items.map((item) => valueAt(item, path));
    if (values.length === 0) return null;
    if (values.some((v) => v === undefined || v === null || typeof v === 'object')) continue;
    if (new Set(values.map((v) => JSON.stringify(v))).size === values.length) return path;
  }
  return null;
}

/**
 * The items of one collection that differ between the bundle and the final state, paired by
 * their identity field (the first of IDENTITY_PATHS every bundle item has, unique); a collection
 * without one is compared as a multiset of whole items (a change is then removed + added).
 */
export function diffCollection(before: Json | undefined, after: Json | undefined): ItemChange[] {
  if (!Array.isArray(before) && before !== undefined && !Array.isArray(after)) {
    return jsonEqual(before, after) ? [] : [{ label: '(the object)', before, after }];
  }
  const old = itemsOf(before);
  const now = itemsOf(after);
  const path = identityPath(old.length > 0 ? old : now);
  const changes: ItemChange[] = [];
  if (path !== null) {
    const key = (item: Json): string => JSON.stringify(valueAt(item, path) ?? null);
    const label = (item: Json): string =>
      `${path}=${JSON.stringify(valueAt(item, path) ?? null).replace(/^"|"$/g, '')}`;
    const nowByKey = new Map(now.map((item) => [key(item), item]));
    const oldKeys = new Set(old.map(key));
    for (const item of old) {
      const match = nowByKey.get(key(item));
      if (match === undefined) changes.push({ label: label(item), before: item, after: undefined });
      else if (!jsonEqual(item, match))
        changes.push({ label: label(item), before: item, after: match });
    }
    for (const item of now) {
      if (!oldKeys.has(key(item)))
        changes.push({ label: label(item), before: undefined, after: item });
    }
    return changes;
  }
  const unmatched = [...now];
  old.forEach((item, index) => {
    const at = unmatched.findIndex((candidate) => jsonEqual(candidate, item));
    if (at >= 0) unmatched.splice(at, 1);
    else changes.push({ label: `#${index}`, before: item, after: undefined });
  });
  for (const item of unmatched) {
    changes.push({ label: `#${now.indexOf(item)}`, before: undefined, after: item });
  }
  return changes;
}

/** Names of the collections whose final state differs from the bundle, sorted. */
export function changedCollections(
  bundle: ReadonlyMap<string, Json>,
  touched: ReadonlyMap<string, Json>,
): string[] {
  return [...touched.keys()]
    .filter((name) => !jsonEqual(bundle.get(name), touched.get(name) as Item))
    .sort();
}
