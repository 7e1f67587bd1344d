import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Baseline, BaselineStore } from '../../../src/baseline/types.js';

/**
 * Baselines as JSON files in a directory (CLI and tests), with the cache's semantics: an entry is
 * never overwritten, and restore returns the newest entry whose key matches a prefix.
 */
export function fileBaselineStore(dir: string): BaselineStore {
  const fileOf = (key: string): string => join(dir, `${encodeURIComponent(key)}.json`);
  return {
    async restore(prefixes) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return null;
      }
      const all = await Promise.all(
        names
          .filter((n) => n.endsWith('.json'))
          .map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8')) as Baseline),
      );
      for (const prefix of prefixes) {
        const newest = all
          .filter((b) => b.key.startsWith(prefix))
          .sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0];
        if (newest) return newest;
      }
      return null;
    },
    async save(baseline) {
      await mkdir(dir, { recursive: true });
      await writeFile(fileOf(baseline.key), JSON.stringify(baseline), { flag: 'wx' }).catch(
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw error; // immutable, like a cache entry
        },
      );
    },
  };
}
