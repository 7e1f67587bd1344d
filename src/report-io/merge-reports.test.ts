import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchError } from '../common/errors.js';
import { shardSlice } from '../common/shard-slice.js';
import { rebuiltReport, sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from '../report/types.js';
import { mergeReports } from './merge-reports.js';

/**
 * Splits the sample report into `count` shards the way `run` writes them: each its own slice
 * (shardSlice), its manifest listing only them (same hash: whole files), suites aggregated over
 * them, the whole selection recorded (`selected`; left out: a report from before it existed).
 */
function shards(count = 2, recordSelection = true, full = sampleReport()): Report[] {
  const selected = full.scenarios.map((s) => s.id);
  return Array.from({ length: count }, (_, i) => {
    const slice = new Set(shardSlice(selected, i + 1, count));
    const mine = full.scenarios.filter((s) => slice.has(s.id));
    return rebuiltReport(full, {
      settings: {
        ...full.settings,
        shard: { index: i + 1, count, ...(recordSelection ? { selected } : {}) },
      },
      scenarios: mine,
    });
  });
}

/** The sample report with six scenarios (copies of its own under new ids), for three shards. */
function sixScenarios(): Report {
  const sample = sampleReport();
  const scenarios = [1, 2, 3].flatMap((k) =>
    sample.scenarios.map((s) => ({ ...s, id: `${s.id.replace(/-\d+$/, '')}-00${k}` })),
  );
  return rebuiltReport(sample, { scenarios });
}

const relabelled = (r: Report | undefined, index: number): Report | undefined =>
  r?.settings.shard
    ? { ...r, settings: { ...r.settings, shard: { ...r.settings.shard, index } } }
    : r;

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
    expect(merged.servers).toEqual(full.servers);
    expect(merged.settings).toEqual(full.settings);
    expect(merged.gating_eligible).toBe(true);
  });

  const write = (reports: readonly (Report | undefined)[]): string => {
    const dir = mkdtempSync(join(tmpdir(), 'merge-'));
    reports.forEach((r, i) => writeFileSync(join(dir, `report-${i + 1}.json`), JSON.stringify(r)));
    return dir;
  };

  it('refuses a set with a shard missing (a failed shard job), naming it', async () => {
    const [a] = shards();
    await expect(mergeReports(write([a]))).rejects.toThrow('shard 2/2 is missing from the merge');
  });

  it('refuses the same shard twice, naming both files', async () => {
    const [a, b] = shards();
    await expect(mergeReports(write([a, b, a]))).rejects.toThrow(
      /shard 1\/2 is there twice: .*report-1\.json and .*report-3\.json/,
    );
  });

  it('refuses a report that is not a shard, and shards of another split', async () => {
    const [a, b] = shards();
    const whole = sampleReport();
    await expect(mergeReports(write([a, whole]))).rejects.toThrow(
      /report-2\.json is not a shard report/,
    );
    const other = b && { ...b, settings: { ...b.settings, shard: { index: 2, count: 4 } } };
    await expect(mergeReports(write([a, other]))).rejects.toThrow(
      /report-2\.json is shard 2\/4, but .*report-1\.json is one of 2/,
    );
  });

  it('refuses a relabelled shard (shard 2 saying it is 3/3), naming the file and the ids', async () => {
    const [a, b] = shards(3, true, sixScenarios());
    await expect(mergeReports(write([a, b, relabelled(b, 3)]))).rejects.toThrow(
      /report-3\.json says it is shard 3\/3, but its scenarios are not that shard's: it holds client-diagnosis-002, nac-002, not in that slice; it lacks client-diagnosis-003, nac-003/,
    );
    // From before shards recorded their selection: the union of the shards' ids still catches it.
    const [c, d] = shards(3, false, sixScenarios());
    await expect(mergeReports(write([c, d, relabelled(d, 3)]))).rejects.toThrow(
      /report-\d\.json says it is shard \d\/3, but its scenarios are not that shard's/,
    );
  });

  it('refuses a shard with a scenario dropped, added, or twice', async () => {
    const [a, b, c] = shards(3, true, sixScenarios());
    const dropped = c && { ...c, scenarios: c.scenarios.slice(1) };
    await expect(mergeReports(write([a, b, dropped]))).rejects.toThrow(
      /report-3\.json says it is shard 3\/3, but its scenarios are not that shard's: it lacks client-diagnosis-003/,
    );
    const added = c && a && { ...c, scenarios: [...c.scenarios, ...a.scenarios.slice(0, 1)] };
    await expect(mergeReports(write([a, b, added]))).rejects.toThrow(
      /it holds client-diagnosis-001, not in that slice/,
    );
    const twice = c && { ...c, scenarios: [...c.scenarios, ...c.scenarios.slice(0, 1)] };
    await expect(mergeReports(write([a, b, twice]))).rejects.toThrow(
      /scenario client-diagnosis-003 is twice in .*report-3\.json/,
    );
    const shard = c?.settings.shard;
    const otherSelection =
      c && shard
        ? { ...c, settings: { ...c.settings, shard: { ...shard, selected: ['nac-001'] } } }
        : c;
    await expect(mergeReports(write([a, b, otherSelection]))).rejects.toThrow(
      /report-3\.json was run with another scenario selection than .*report-1\.json/,
    );
  });

  it('keeps a budget-stopped shard partial: the merged report cannot gate or become a baseline', async () => {
    const [a, b] = shards();
    const stopped = b && { ...b, partial: { reason: 'max-cost spent' }, gating_eligible: false };
    const merged = await mergeReports(write([a, stopped]));
    expect(merged.partial).toEqual({ reason: 'shard 2: max-cost spent' });
    expect(merged.gating_eligible).toBe(false);
  });

  it('computes per-server discoverability over every shard, not the first', async () => {
    const parts = shards();
    const merged = await mergeReports(write(parts));
    const [first] = parts;
    const full = sampleReport();
    const fullD = full.servers.map((s) => s.discoverability?.scenarios);
    expect(merged.servers.map((s) => s.discoverability?.scenarios)).toEqual(fullD);
    expect(first?.servers.map((s) => s.discoverability?.scenarios)).toEqual(fullD);
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
