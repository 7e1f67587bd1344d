import type { Json } from '../types.js';
import { changedCollections, diffCollection } from './diff-state.js';
import { differingPaths } from './json-path.js';
import type { CollateralChange } from './types.js';

/** One item that differs from the bundle: how, which fields, and its value on each side. */
export interface StateChange extends CollateralChange {
  /** The item in the bundle (absent for an added item). */
  before?: Json;
  /** The item now (absent for a removed item). */
  after?: Json;
}

/**
 * Every difference between the bundle and the state now, item by item, in the same terms as
 * the collateral changes of a state check (collection, `key=value` item, change, field paths),
 * plus both values. Empty when nothing was written, or everything written was undone.
 */
export function stateChanges(
  bundle: ReadonlyMap<string, Json>,
  touched: ReadonlyMap<string, Json>,
): StateChange[] {
  const out: StateChange[] = [];
  for (const file of changedCollections(bundle, touched)) {
    const collection = file.replace(/\.json$/, '');
    for (const change of diffCollection(bundle.get(file), touched.get(file))) {
      const kind =
        change.before === undefined ? 'added' : change.after === undefined ? 'removed' : 'modified';
      out.push({
        collection,
        item: change.label,
        change: kind,
        fields: kind === 'modified' ? differingPaths(change.before, change.after) : [],
        ...(change.before === undefined ? {} : { before: change.before }),
        ...(change.after === undefined ? {} : { after: change.after }),
      });
    }
  }
  return out;
}
