import { sharedBundle } from '../../../fake-central/index.js';
import { generatedTokens } from './canonical-ids.js';

/** By bundle directory: a bundle is checked against its content hash when loaded, never edited. */
const cache = new Map<string, ReadonlySet<string>>();

/**
 * Every generated-looking id (canonical-ids.ts: a UUID, 16+ hex digits) that a fixture bundle
 * holds, keys and values of its manifest and every data file, lower-cased: the ids the fake knows before a
 * server sends anything, which a report keeps as they are. Read once per process per bundle.
 */
export function bundleIds(dir: string): ReadonlySet<string> {
  const hit = cache.get(dir);
  if (hit) return hit;
  const ids = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') for (const t of generatedTokens(v)) ids.add(t);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        for (const t of generatedTokens(k)) ids.add(t);
        walk(inner);
      }
  };
  const bundle = sharedBundle(dir);
  walk(bundle.manifest);
  for (const content of bundle.files.values()) walk(content);
  cache.set(dir, ids);
  return ids;
}
