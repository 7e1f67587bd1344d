import type { Json } from '../types.js';
import type { StateAssertion, StateCheckResult } from './types.js';
/** The bundle's data files and the files a run touched, both keyed `name.json`. */
export interface StateSnapshot {
    bundle: ReadonlyMap<string, Json>;
    touched: ReadonlyMap<string, Json>;
}
/**
 * Evaluates a scenario's `expect.state` against the run's final state, and lists every change
 * no assertion allowed (collateral). Only `fields` (its paths and `may_change`), `added` and
 * `removed` allow changes, and only to the items they select; any other difference from the
 * bundle, in any collection, is collateral. Pure: a function of the snapshot.
 */
export declare function checkState(snapshot: StateSnapshot, assertions: readonly StateAssertion[]): StateCheckResult;
