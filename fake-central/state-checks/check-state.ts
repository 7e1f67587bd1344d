import type { Json } from '../types.js';
import { diffCollection, itemsOf, changedCollections, type ItemChange } from './diff-state.js';
import { differingPaths, jsonEqual, matchesWhere, valueAt } from './json-path.js';
import type { CollateralChange, StateAssertion, StateCheckResult } from './types.js';

/** The bundle's data files and the files a run touched, both keyed `name.json`. */
export interface StateSnapshot {
  bundle: ReadonlyMap<string, Json>;
  touched: ReadonlyMap<string, Json>;
}

const fileOf = (collection: string): string => `${collection}.json`;

function current(snapshot: StateSnapshot, collection: string): Json | undefined {
  const file = fileOf(collection);
  return snapshot.touched.has(file) ? snapshot.touched.get(file) : snapshot.bundle.get(file);
}

const show = (value: Json | undefined): string =>
  value === undefined ? 'missing' : JSON.stringify(value);

/** Whether an assertion selects a changed item (by its state before or after the run). */
function selects(assertion: StateAssertion, change: ItemChange): boolean {
  return (
    (change.before !== undefined && matchesWhere(change.before, assertion.where)) ||
    (change.after !== undefined && matchesWhere(change.after, assertion.where))
  );
}

function fieldsFailure(
  items: readonly Json[],
  fields: Record<string, Json>,
  where: string,
): string | null {
  for (const item of items) {
    for (const [path, want] of Object.entries(fields)) {
      const got = valueAt(item, path);
      if (!jsonEqual(got, want)) return `${path} is ${show(got)}, expected ${show(want)}${where}`;
    }
  }
  return null;
}

function failureOf(assertion: StateAssertion, snapshot: StateSnapshot): string | null {
  const file = fileOf(assertion.collection);
  if (!snapshot.bundle.has(file)) return `no collection "${assertion.collection}" in the bundle`;
  const now = itemsOf(current(snapshot, assertion.collection));
  const selected = now.filter((item) => matchesWhere(item, assertion.where));
  const changes = diffCollection(
    snapshot.bundle.get(file),
    current(snapshot, assertion.collection),
  );
  const where = assertion.where ? ` where ${JSON.stringify(assertion.where)}` : '';
  if (assertion.added !== undefined) {
    const added = changes
      .filter((c) => c.before === undefined && matchesWhere(c.after ?? null, assertion.where))
      .map((c) => c.after ?? null);
    if (added.length !== assertion.added) {
      return `${added.length} item(s) added${where}, expected ${assertion.added}`;
    }
    // The control API's `added` with `fields`: the new items also have these values.
    return fieldsFailure(added, assertion.fields ?? {}, where);
  }
  if (assertion.fields) {
    if (selected.length === 0) return `no item${where}`;
    return fieldsFailure(selected, assertion.fields, where);
  }
  if (assertion.unchanged) {
    const moved = changes.filter((c) => selects(assertion, c));
    return moved.length === 0 ? null : `changed${where}: ${moved.map((c) => c.label).join(', ')}`;
  }
  if (assertion.removed !== undefined) {
    const n = changes.filter(
      (c) => c.after === undefined && matchesWhere(c.before ?? null, assertion.where),
    ).length;
    return n === assertion.removed
      ? null
      : `${n} item(s) removed${where}, expected ${assertion.removed}`;
  }
  if (assertion.count !== undefined) {
    return selected.length === assertion.count
      ? null
      : `${selected.length} item(s)${where}, expected ${assertion.count}`;
  }
  return 'no check given (fields, unchanged, added, removed or count)';
}

/** Whether some assertion allows this change; for a modified item, which paths it allows. */
function allowedPaths(
  assertions: readonly StateAssertion[],
  collection: string,
  change: ItemChange,
): string[] | 'all' {
  const paths: string[] = [];
  for (const a of assertions) {
    if (a.collection !== collection || !selects(a, change)) continue;
    if (change.before === undefined && a.added !== undefined) return 'all';
    if (change.after === undefined && a.removed !== undefined) return 'all';
    if (change.before !== undefined && change.after !== undefined) {
      paths.push(...Object.keys(a.fields ?? {}), ...(a.may_change ?? []));
    }
  }
  return paths;
}

const covered = (path: string, allowed: readonly string[]): boolean =>
  allowed.some((a) => path === a || path.startsWith(`${a}.`) || a.startsWith(`${path}.`));

/**
 * Evaluates a scenario's `expect.state` against the run's final state, and lists every change
 * no assertion allowed (collateral). Only `fields` (its paths and `may_change`), `added` and
 * `removed` allow changes, and only to the items they select; any other difference from the
 * bundle, in any collection, is collateral. Pure: a function of the snapshot.
 */
export function checkState(
  snapshot: StateSnapshot,
  assertions: readonly StateAssertion[],
): StateCheckResult {
  const failures: string[] = [];
  assertions.forEach((assertion, i) => {
    const failure = failureOf(assertion, snapshot);
    if (failure !== null) failures.push(`#${i} ${assertion.collection}: ${failure}`);
  });
  const collateral: CollateralChange[] = [];
  for (const file of changedCollections(snapshot.bundle, snapshot.touched)) {
    const collection = file.replace(/\.json$/, '');
    for (const change of diffCollection(snapshot.bundle.get(file), snapshot.touched.get(file))) {
      const allowed = allowedPaths(assertions, collection, change);
      if (allowed === 'all') continue;
      if (change.before === undefined || change.after === undefined) {
        collateral.push({
          collection,
          item: change.label,
          change: change.before === undefined ? 'added' : 'removed',
          fields: [],
        });
        continue;
      }
      const extra = differingPaths(change.before, change.after).filter((p) => !covered(p, allowed));
      if (extra.length > 0) {
        collateral.push({ collection, item: change.label, change: 'modified', fields: extra });
      }
    }
  }
  return { failures, collateral };
}
