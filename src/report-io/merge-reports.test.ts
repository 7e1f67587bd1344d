import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchError } from '../common/errors.js';
import { buildReport } from '../report/build-report.js';
import { sampleReport } from '../report/test-helpers.js';
import type { Report } from '../report/types.js';
import { mergeReports } from './merge-reports.js';

/**
 * Splits the sample report into one shard per scenario the way `run` writes a shard: its own
 * scenarios, its manifest listing only them (same hash: whole files), suites aggregated over them.
 */
function shards(): Report[] {
  const full = sampleReport();
  return full.scenarios.map((s) =>
    buildReport({
      harnessVersion: full.harness.version,
      generatedAt: full.generated_at,
      durationMs: full.duration_ms,
      settings: full.settings,
      manifest: { ...full.manifest, scenarios: [s.id] },
      fixtures: full.fixtures,
      servers: full.servers,
      scenarios: [s],
    }),
  );
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
    expect(merged.manifest).toEqual(full.manifest);
  });

  it('names a shard file that is not a report and its first bad field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-'));
    const [a] = shards();
    writeFileSync(join(dir, 'report-1.json'), JSON.stringify(a));
    writeFileSync(join(dir, 'report-2.json'), JSON.stringify({ ...a, duration_ms: 'slow' }));
    await expect(mergeReports(dir)).rejects.toThrow(
      /report-2\.json is not a valid hpe-mcp-bench report: first bad field \/duration_ms: must be number/,
    );
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
