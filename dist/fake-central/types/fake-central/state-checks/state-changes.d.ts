import type { Json } from '../types.js';
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
export declare function stateChanges(bundle: ReadonlyMap<string, Json>, touched: ReadonlyMap<string, Json>): StateChange[];
