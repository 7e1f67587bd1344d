import type { Bundle } from '../fixture-store.js';
import type { Json } from '../types.js';

/**
 * Copy-on-write files of a bundle, for edits that derive a bundle served as the baseline (a
 * seed, a deviation's choice): `edit(file)` returns a mutable copy made on first use, every
 * file never edited stays shared, so a reset with nothing to derive costs nothing.
 */
export function derivedFiles(bundle: Bundle): {
  files: Map<string, Json>;
  copied: ReadonlySet<string>;
  edit: (file: string) => Json | undefined;
} {
  const files = new Map<string, Json>(bundle.files);
  const copied = new Set<string>();
  const edit = (file: string): Json | undefined => {
    const source = files.get(file);
    if (source === undefined || copied.has(file)) return source;
    const copy = structuredClone(source);
    files.set(file, copy);
    copied.add(file);
    return copy;
  };
  return { files, copied, edit };
}
