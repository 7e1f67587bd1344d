import type { Bundle } from '../fixture-store.js';
import type { Json } from '../types.js';
/**
 * Copy-on-write files of a bundle, for edits that derive a bundle served as the baseline (a
 * seed, a deviation's choice): `edit(file)` returns a mutable copy made on first use, every
 * file never edited stays shared, so a reset with nothing to derive costs nothing.
 */
export declare function derivedFiles(bundle: Bundle): {
    files: Map<string, Json>;
    copied: ReadonlySet<string>;
    edit: (file: string) => Json | undefined;
};
