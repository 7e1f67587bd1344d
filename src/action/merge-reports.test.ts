import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchError } from '../errors.js';
import { sampleReport } from '../report/test-helpers.js';
import type { Report } from '../report/types.js';
import { mergeReports } from './merge-reports.js';

/** Splits the sample report into one shard per scenario, as `shard: i/n` jobs would write them. */
function shards(): Report[] {
  const full = sampleReport();
  return full.scenarios.map((s) => ({ ...full, scenarios: [s] }));
}

describe('mergeReports', () => {
  it('combines shard reports found in artifact folders into the unsharded report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-'));
    shards().forEach((r, i) => {
      mkdirSync(join(dir, `shard-${i + 1}`));
      writeFileSync(join(dir, `shard-${i + 1}`, 'report.json'), JSON.stringify(r));
    });
    const merged = await mergeReports(dir);
    const full = sampleReport();
    expect(merged.scenarios).toEqual(full.scenarios);
    expect(merged.suites).toEqual(full.suites);
    expect(merged.overall).toEqual(full.overall);
  });

  it('refuses shards of different manifests and says which', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-'));
    const [a, b] = shards();
    writeFileSync(join(dir, 'report-1.json'), JSON.stringify(a));
    writeFileSync(
      join(dir, 'report-2.json'),
      JSON.stringify({ ...b, manifest: { ...b?.manifest, hash: `sha256:${'cd'.repeat(32)}` } }),
    );
    await expect(mergeReports(dir)).rejects.toThrow(
      /report-2\.json was run with another manifest or settings than .*report-1\.json/,
    );
  });

  it('says when there is nothing to merge', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-'));
    await expect(mergeReports(dir)).rejects.toBeInstanceOf(BenchError);
  });
});
