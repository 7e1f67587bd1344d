import * as cache from '@actions/cache';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BaselineUnavailableError, type Baseline, type BaselineStore } from './types.js';

const FILE = 'hpe-mcp-bench-baseline.json';

/**
 * Baselines in the GitHub Actions cache: one immutable entry per default-branch commit; a PR
 * restores the newest by prefix (default-branch caches are visible to PRs, not vice versa).
 * Any cache-service problem becomes BaselineUnavailableError, which the action reports as a warning.
 */
export function actionsCacheStore(): BaselineStore {
  return {
    async restore(prefixes) {
      if (!cache.isFeatureAvailable())
        throw new BaselineUnavailableError(
          'the Actions cache service is not available to this job',
        );
      const dir = await mkdtemp(join(tmpdir(), 'hpe-bench-baseline-'));
      const path = join(dir, FILE);
      let hit: string | undefined;
      try {
        const [first = '', ...rest] = prefixes;
        // The primary key never exists (a prefix), so the service answers with the newest restore-key match.
        hit = await cache.restoreCache([path], first, [first, ...rest]);
      } catch (error) {
        throw new BaselineUnavailableError(
          `restoring the baseline failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (hit === undefined) return null;
      return JSON.parse(await readFile(path, 'utf8')) as Baseline;
    },
    async save(baseline) {
      if (!cache.isFeatureAvailable())
        throw new BaselineUnavailableError(
          'the Actions cache service is not available to this job',
        );
      const dir = await mkdtemp(join(tmpdir(), 'hpe-bench-baseline-'));
      const path = join(dir, FILE);
      await writeFile(path, JSON.stringify(baseline));
      try {
        await cache.saveCache([path], baseline.key);
      } catch (error) {
        throw new BaselineUnavailableError(
          `saving the baseline failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
