import type { Json } from '../types.js';
/**
 * One assertion on the fake's state after a run (a scenario's `expect.state` entry). `collection`
 * is a bundle data file without `.json` (`wlan-ssids`, `cnac-mac-reg`); an object-shaped file
 * (a singleton such as `firmware-compliance`) is one item. `where` selects items by dotted field
 * paths (`essid.name: Guest`); without it every item is selected.
 *
 * Exactly one of the checks is given:
 * - `fields`: every selected item has these values now (and at least one is selected); these are
 *   the only fields of those items allowed to change.
 * - `unchanged: true`: the selected items are exactly as in the bundle.
 * - `added: N`: exactly N items matching `where` exist that the bundle did not have.
 * - `removed: N`: exactly N items of the bundle matching `where` are gone.
 * - `count: N`: exactly N items match `where` now (no change is allowed by it).
 *
 * `may_change` lists further field paths a write may touch as a side effect the API makes
 * itself (a `modifiedAt` stamp), so they are not collateral.
 */
export interface StateAssertion {
    collection: string;
    where?: Record<string, Json>;
    fields?: Record<string, Json>;
    unchanged?: true;
    added?: number;
    removed?: number;
    count?: number;
    may_change?: string[];
}
/** A change to the state that no assertion allowed: a write did more than asked. */
export interface CollateralChange {
    collection: string;
    /** `key=value` of the item (its identity field), or `#index` when it has none. */
    item: string;
    change: 'added' | 'removed' | 'modified';
    /** For `modified`: the field paths that differ from the bundle (sorted). */
    fields: string[];
}
/** The fake's verdict on a run's final state. */
export interface StateCheckResult {
    /** One line per assertion that does not hold (`#index collection: what`). */
    failures: string[];
    collateral: CollateralChange[];
}
