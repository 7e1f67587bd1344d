import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle, type Bundle } from './fixture-store.js';

/**
 * The bundles this process has loaded, by directory, with the stamp of their files when read.
 * A run starts a fake per worker and per copy (start ahead) and one per swept bundle, and each
 * loaded and hashed campus-b's 23 MB again (2.75 s of the run's main-thread CPU at load 10).
 * Sharing one parsed bundle is safe because nothing writes to it: a fake's state copies a
 * collection before its first read (state.ts), seeds and divergences edit copies.
 */
const loaded = new Map<string, { stamp: string; bundle: Bundle }>();

/** Every data file's name, size and modification time: a file rewritten since is read again. */
function stampOf(dir: string): string | undefined {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => {
        const stat = statSync(join(dir, name));
        return `${name}:${stat.size}:${stat.mtimeMs}`;
      })
      .join('\n');
  } catch {
    return undefined; // loadBundle names what is wrong
  }
}

/** {@link loadBundle}, read once per process while its files stay as they were. */
export function sharedBundle(dir: string): Bundle {
  const stamp = stampOf(dir);
  const hit = loaded.get(dir);
  if (stamp !== undefined && hit?.stamp === stamp) return hit.bundle;
  const bundle = loadBundle(dir);
  if (stamp !== undefined) loaded.set(dir, { stamp, bundle });
  return bundle;
}
