import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildReport } from '../report/build-report.js';
import { mergeServers } from '../report/merge-servers.js';
import type { Report } from '../report/types.js';
import { BenchError } from '../common/errors.js';
import { checkShardSlices } from './check-shard-slices.js';
import { readReport } from './read-report.js';

async function findReports(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.json') && entry.name.startsWith('report')) {
      found.push(join(entry.parentPath, entry.name));
    }
  }
  return found.sort();
}

const HINT =
  'every shard job must run the same inputs apart from `shard: i/n`, and each must succeed';

/** The settings every shard must share: all of them but the shard itself. */
const sharedSettings = (r: Report): string => JSON.stringify({ ...r.settings, shard: undefined });

/**
 * Checks that the reports are exactly the shards 1…n of one run: each names its shard, all the
 * same n, every index once, the same manifest, settings and servers. Anything else is an error
 * naming the file, so a missing shard (a failed job), a duplicate (a forged copy beside the real
 * one) or a report of another run cannot decide the merged verdict.
 */
function checkShards(files: readonly string[], reports: readonly Report[]): void {
  const [first] = reports;
  if (!first) return;
  const count = first.settings.shard?.count;
  const byIndex = new Map<number, string>();
  for (const [i, r] of reports.entries()) {
    const file = files[i] ?? '';
    const shard = r.settings.shard;
    if (!shard)
      throw new BenchError('usage', `${file} is not a shard report (it has no settings.shard)`, {
        hint: 'merge only the report.json files of the `shard: i/n` jobs',
      });
    if (shard.count !== count)
      throw new BenchError(
        'usage',
        `${file} is shard ${shard.index}/${shard.count}, but ${files[0] ?? ''} is one of ${count ?? '?'}`,
        { hint: HINT },
      );
    const other = byIndex.get(shard.index);
    if (other !== undefined)
      throw new BenchError(
        'usage',
        `shard ${shard.index}/${shard.count} is there twice: ${other} and ${file}`,
        { hint: 'download each shard job’s artifact once, into its own directory' },
      );
    byIndex.set(shard.index, file);
    if (r.manifest.hash !== first.manifest.hash || sharedSettings(r) !== sharedSettings(first))
      throw new BenchError(
        'usage',
        `${file} was run with another manifest or settings than ${files[0] ?? ''}`,
        { hint: HINT },
      );
    const names = (x: Report): string => x.servers.map((s) => s.name).join('\u0000');
    if (names(r) !== names(first))
      throw new BenchError('usage', `${file} ran other servers than ${files[0] ?? ''}`, {
        hint: HINT,
      });
  }
  const missing = Array.from({ length: count ?? 0 }, (_, i) => i + 1).filter(
    (index) => !byIndex.has(index),
  );
  if (missing.length > 0)
    throw new BenchError(
      'usage',
      `shard ${missing.map((i) => `${i}/${count ?? '?'}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing from the merge`,
      { hint: `${HINT}; a failed shard job fails the merge` },
    );
}

/**
 * Combines shard reports (report*.json anywhere under `dir`, e.g. downloaded artifacts) into one
 * report: the scenarios are concatenated in id order and the suites re-aggregated. The reports
 * must be the complete set of one run's shards (checkShards), each holding exactly its own slice
 * of the run's selection (checkShardSlices). A shard that stopped early makes
 * the merged report partial and not eligible for gating; per-server figures are computed over
 * every shard's scenarios (mergeServers). Every shard is read with readReport (validated,
 * upgraded).
 */
export async function mergeReports(dir: string): Promise<Report> {
  const files = await findReports(dir);
  if (files.length === 0) {
    throw new BenchError('usage', `mode: merge found no report*.json under ${dir}`, {
      hint: 'download the shard artifacts into report-dir before the merge step',
    });
  }
  const reports: Report[] = [];
  for (const file of files) reports.push(await readReport(file));
  const [first] = reports;
  if (!first) throw new BenchError('internal', 'no reports');
  checkShards(files, reports);
  checkShardSlices(files, reports);
  const scenarios = reports.flatMap((r) => r.scenarios).sort((a, b) => a.id.localeCompare(b.id));
  const { shard: _shard, ...settings } = first.settings;
  const merged = buildReport({
    harnessVersion: first.harness.version,
    generatedAt:
      reports
        .map((r) => r.generated_at)
        .sort()
        .at(-1) ?? first.generated_at,
    durationMs: reports.reduce((n, r) => n + r.duration_ms, 0),
    settings,
    // Each shard lists only the scenarios it ran; the merged report ran all of them.
    manifest: { ...first.manifest, scenarios: scenarios.map((s) => s.id) },
    fixtures: first.fixtures,
    servers: mergeServers(reports, scenarios),
    scenarios,
    ...(first.environment ? { environment: first.environment } : {}),
  });
  const partial = reports.flatMap((r) =>
    r.partial ? [`shard ${r.settings.shard?.index ?? '?'}: ${r.partial.reason}`] : [],
  );
  if (partial.length > 0) {
    const stoppedBy = [...new Set(reports.flatMap((r) => r.partial?.stopped_by ?? []))].sort();
    merged.partial = {
      reason: partial.join('; '),
      ...(stoppedBy.length > 0 ? { stopped_by: stoppedBy } : {}),
    };
    merged.gating_eligible = false;
  }
  if (reports.some((r) => !r.gating_eligible)) merged.gating_eligible = false;
  return merged;
}
