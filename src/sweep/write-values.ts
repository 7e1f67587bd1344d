import type { Json, StateChange } from '../../fake-central/index.js';

/** An argument's or a field's name compared loosely: `site_id`, `siteId`, `site-id` are one. */
const norm = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
/** `30` and `"30"`, `"HIGH"` and `"high"` are one value: servers convert types and case. */
const same = (a: unknown, b: unknown): boolean =>
  isScalar(a) && isScalar(b) && String(a).toLowerCase() === String(b).toLowerCase();

/** Every scalar leaf of an argument object, by its own key (`{body: {vlan: 30}}` → vlan 30). */
function argumentLeaves(value: unknown, key: string | null, out: [string, Scalar][]): void {
  if (isScalar(value)) {
    if (key !== null) out.push([key, value]);
  } else if (Array.isArray(value)) {
    for (const item of value) argumentLeaves(item, key, out);
  } else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) argumentLeaves(v, k, out);
}

/** Every leaf of an item under a key that names `arg`, by its path (`radius.vlan`). */
function fieldsNamed(item: Json | undefined, arg: string, path = ''): Map<string, Json> {
  const found = new Map<string, Json>();
  const walk = (value: Json | undefined, at: string, key: string | null): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`, key));
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(v, at === '' ? k : `${at}.${k}`, k);
    else if (key !== null && norm(key) === arg && value !== undefined) found.set(at, value);
  };
  walk(item, path, null);
  return found;
}

const shortJson = (v: unknown): string => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
};

/**
 * Values a write was sent and did not write: for each scalar argument (nested bodies too) and
 * each item the call added or modified, the item's fields named like the argument (`vlan`,
 * `priority`, `site_id` ~ `siteId`). A field that already held the value sent is a selector or a
 * value set again: passed over. Any other such field must now hold the value sent (compared as
 * text, ignoring case); when none does, one line says what it holds instead:
 * `alerts id=A1: priority is "LOW", the call sent "HIGH"`. An argument no field is named after
 * (an id in the path, a site the item does not record) is not judged: the state cannot say.
 */
export function unwrittenValues(
  args: Record<string, unknown>,
  changes: readonly StateChange[],
): string[] {
  const leaves: [string, Scalar][] = [];
  argumentLeaves(args, null, leaves);
  const lines: string[] = [];
  for (const change of changes) {
    if (change.after === undefined) continue;
    for (const [arg, sent] of leaves) {
      const now = fieldsNamed(change.after, norm(arg));
      if (now.size === 0) continue;
      const was = fieldsNamed(change.before, norm(arg));
      const [first] = [...now].filter(([path]) => !same(was.get(path), sent));
      if (first === undefined || [...now.values()].some((v) => same(v, sent))) continue;
      const [path, value] = first;
      lines.push(
        `${change.collection} ${change.item}: ${path} is ${shortJson(value)}, the call sent ${shortJson(sent)} (${arg})`,
      );
    }
  }
  return [...new Set(lines)].sort();
}
