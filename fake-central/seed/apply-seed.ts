import type { Bundle } from '../fixture-store.js';
import { applyPatch } from './apply-patch.js';
import { derivedFiles } from './derived-bundle.js';
import { seedDevice } from './seed-devices.js';
import { isEmptySeed, type Seed } from './seed-shape.js';

/** What a seed changed: rows added per file, and the files patched. */
export type SeedSummary = Record<string, number>;

/**
 * The bundle with a seed applied: the same manifest, the edited files replaced and every other
 * file shared. Served as the baseline, so seeded rows are "the bundle" to `state()` and
 * `checkState` (a test's own writes stay the only changes) and a reset without a seed drops
 * them. Only edited files are copied: a reset with no seed stays as cheap as before.
 */
export function applySeed(bundle: Bundle, seed: Seed): { bundle: Bundle; seeded: SeedSummary } {
  if (isEmptySeed(seed)) return { bundle, seeded: {} };
  const { files, copied, edit } = derivedFiles(bundle);
  seed.devices.forEach((device, i) => seedDevice(edit, device, i));
  seed.patch.forEach((patch, i) => applyPatch(edit, [...bundle.files.keys()], patch, i));
  const seeded: SeedSummary = {};
  for (const file of [...copied].sort()) {
    const before = bundle.files.get(file);
    const after = files.get(file);
    seeded[file] = Array.isArray(before) && Array.isArray(after) ? after.length - before.length : 0;
  }
  return { bundle: { ...bundle, files }, seeded };
}
