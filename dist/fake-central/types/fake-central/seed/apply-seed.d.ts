import type { Bundle } from '../fixture-store.js';
import { type Seed } from './seed-shape.js';
/** What a seed changed: rows added per file, and the files patched. */
export type SeedSummary = Record<string, number>;
/**
 * The bundle with a seed applied: the same manifest, the edited files replaced and every other
 * file shared. Served as the baseline, so seeded rows are "the bundle" to `state()` and
 * `checkState` (a test's own writes stay the only changes) and a reset without a seed drops
 * them. Only edited files are copied: a reset with no seed stays as cheap as before.
 */
export declare function applySeed(bundle: Bundle, seed: Seed): {
    bundle: Bundle;
    seeded: SeedSummary;
};
