import { didYouMean } from '../did-you-mean.js';
import { FakeCentralError } from '../errors.js';
import { matchesWhere } from '../state-checks/json-path.js';
import type { Item, Json } from '../types.js';
import type { SeedPatch } from './seed-shape.js';

// A raw edit of one collection for one test: set fields on the items `where` selects, add items,
// or remove the selected ones. Nothing else follows it (an AP removed from aps.json stays in the
// inventory and in site health): the docs say so, and `devices` is the consistent way to add one.

const setPath = (item: Item, path: string, value: Json): void => {
  const steps = path.split('.');
  let node: Item = item;
  for (const step of steps.slice(0, -1)) {
    const next = node[step];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[step] = {};
    node = node[step] as Item;
  }
  node[steps.at(-1) ?? path] = value;
};

/** Applies one patch to the collection `edit` returns a mutable copy of. */
export function applyPatch(
  edit: (file: string) => Json | undefined,
  knownFiles: readonly string[],
  patch: SeedPatch,
  index: number,
): void {
  const where = `seed patch[${index}]`;
  const file = `${patch.collection}.json`;
  const data = edit(file);
  if (data === undefined) {
    const near = knownFiles.map((f) => f.replace(/\.json$/, ''));
    throw new FakeCentralError(
      'fixture_invalid',
      `${where}: no collection "${patch.collection}" in this bundle`,
      `${didYouMean(patch.collection, near)}collections: ${near.join(', ')}`,
    );
  }
  if ('add' in patch) {
    if (!Array.isArray(data)) {
      throw new FakeCentralError(
        'fixture_invalid',
        `${where}: "${patch.collection}" is one object, not a list: "add" needs a list`,
        'use "set" to change its fields',
      );
    }
    data.push(...structuredClone(patch.add));
    return;
  }
  const items: Item[] = Array.isArray(data) ? (data as Item[]) : [data as Item];
  const selected = items.filter((item) => matchesWhere(item, patch.where));
  if (selected.length === 0) {
    throw new FakeCentralError(
      'fixture_invalid',
      `${where}: no item of "${patch.collection}" matches ${JSON.stringify(patch.where ?? {})}`,
      'a patch that changes nothing is a test that tests nothing: check the where paths and values',
    );
  }
  if ('remove' in patch) {
    if (!Array.isArray(data)) {
      throw new FakeCentralError(
        'fixture_invalid',
        `${where}: "${patch.collection}" is one object and cannot be removed`,
        'use "set"',
      );
    }
    const keep = data.filter((item) => !selected.includes(item as Item));
    data.splice(0, data.length, ...keep);
    return;
  }
  for (const item of selected)
    for (const [path, value] of Object.entries(patch.set)) setPath(item, path, value);
}
