import * as cache from '@actions/cache';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BaselineUnavailableError, type Baseline, type BaselineStore } from './types.js';

/**
 * Where the baseline file lives while it is saved or restored: a fixed path relative to the
 * workspace, exactly the string given to @actions/cache. The cache entry's version is a hash of
 * the path strings (`getCacheVersion` in @actions/cache's internal/cacheUtils.js) and tar stores
 * the paths relative to GITHUB_WORKSPACE, so save and restore must use the same relative string:
 * a temporary directory would give every run another version and the PR would never find the
 * push's entry. The file is removed again after each save and restore.
 */
export const BASELINE_CACHE_PATH = '.hpe-mcp-bench/baseline.json';

function unavailable(what: string, error: unknown): BaselineUnavailableError {
  return new BaselineUnavailableError(
    `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/**
 * Baselines in the GitHub Actions cache: one immutable entry per default-branch commit; a PR
 * restores the newest by prefix (default-branch caches are visible to PRs, not vice versa).
 * `workspace` is GITHUB_WORKSPACE, which is also the action's working directory on a runner
 * (@actions/cache globs the path from the working directory and tars it relative to the
 * workspace). Any cache-service problem becomes BaselineUnavailableError, reported as a warning.
 */
export function actionsCacheStore(workspace: string): BaselineStore {
  const file = join(workspace, BASELINE_CACHE_PATH);
  const available = (): void => {
    if (!cache.isFeatureAvailable())
      throw new BaselineUnavailableError('the Actions cache service is not available to this job');
  };
  return {
    async restore(prefixes) {
      available();
      await rm(file, { force: true }); // never read a stale file as the restored one
      let hit: string | undefined;
      try {
        const [first = '', ...rest] = prefixes;
        // The primary key is a prefix, so the service answers with the newest match of it, then
        // of the next restore key. @actions/cache warns and returns undefined on a corrupt entry.
        hit = await cache.restoreCache([BASELINE_CACHE_PATH], first, rest);
      } catch (error) {
        throw unavailable('restoring the baseline', error);
      }
      if (hit === undefined) return null;
      try {
        // Checked by checkBaseline before use: the entry may be corrupt or foreign.
        return JSON.parse(await readFile(file, 'utf8')) as Baseline;
      } catch (error) {
        throw new BaselineUnavailableError(
          `the cache entry ${hit} holds no readable ${BASELINE_CACHE_PATH} (${error instanceof Error ? error.message : String(error)}): a corrupt or foreign entry`,
        );
      } finally {
        await rm(file, { force: true });
      }
    },
    async save(baseline) {
      available();
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify(baseline));
      let id: number;
      try {
        id = await cache.saveCache([BASELINE_CACHE_PATH], baseline.key);
      } catch (error) {
        throw unavailable('saving the baseline', error);
      } finally {
        await rm(file, { force: true });
      }
      // saveCache reports most failures as a log line and -1 (e.g. the key already exists).
      if (id === -1)
        throw new BaselineUnavailableError(
          `the cache service did not store ${baseline.key} (see the cache messages above)`,
        );
    },
  };
}
