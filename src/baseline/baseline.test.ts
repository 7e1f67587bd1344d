import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineKey, restorePrefixes, shouldSaveBaseline } from './baseline-keys.js';
import { fileBaselineStore } from '../../test/helpers/baseline/file-store.js';
import type { Baseline } from './types.js';

function baseline(sha: string, manifestHash: string, savedAt: string): Baseline {
  return {
    key: baselineKey('bench', manifestHash, sha),
    sha,
    ref: 'refs/heads/main',
    manifestHash,
    savedAt,
    report: { sha },
  };
}

describe('shouldSaveBaseline', () => {
  it.each([
    ['auto', 'push', 'refs/heads/main', true],
    ['auto', 'push', 'refs/heads/feature', false],
    ['auto', 'schedule', 'refs/heads/main', false],
    ['auto', 'pull_request', 'refs/pull/7/merge', false],
    ['true', 'pull_request', 'refs/pull/7/merge', false],
    ['true', 'workflow_dispatch', 'refs/heads/feature', true],
    ['false', 'push', 'refs/heads/main', false],
  ] as const)('%s on %s to %s → %s', (setting, eventName, ref, expected) => {
    expect(shouldSaveBaseline(setting, { eventName, ref, defaultBranch: 'main' })).toBe(expected);
  });
});

describe('fileBaselineStore', () => {
  it('cold-starts with nothing, then restores the newest by prefix, preferring the same manifest', async () => {
    const store = fileBaselineStore(join(mkdtempSync(join(tmpdir(), 'bl-')), 'store'));
    const prefixes = restorePrefixes('bench', 'aaaa');
    expect(await store.restore(prefixes)).toBeNull();
    await store.save(baseline('sha1', 'aaaa', '2026-11-01T00:00:00Z'));
    await store.save(baseline('sha2', 'aaaa', '2026-11-02T00:00:00Z'));
    await store.save(baseline('sha3', 'bbbb', '2026-11-03T00:00:00Z'));
    expect((await store.restore(prefixes))?.sha).toBe('sha2');
    expect((await store.restore(restorePrefixes('bench', 'cccc')))?.sha).toBe('sha3');
  });

  it('never overwrites an entry (immutable like a cache key)', async () => {
    const store = fileBaselineStore(mkdtempSync(join(tmpdir(), 'bl-')));
    await store.save(baseline('sha1', 'aaaa', '2026-11-01T00:00:00Z'));
    await store.save({
      ...baseline('sha1', 'aaaa', '2026-11-05T00:00:00Z'),
      report: { changed: true },
    });
    expect((await store.restore(['bench-']))?.report).toEqual({ sha: 'sha1' });
  });
});
