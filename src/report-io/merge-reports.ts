import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buildReport } from '../report/build-report.js';
import type { Report } from '../report/types.js';
import { BenchError } from '../common/errors.js';
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

/**
 * Combines shard reports (report*.json anywhere under `dir`, e.g. downloaded artifacts) into one
 * report: the scenarios are concatenated in id order and the suites re-aggregated. Shards must
 * share settings, manifest and servers; anything else is an error naming the file. Every shard
 * is read with readReport (validated, upgraded).
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
  const [first, ...rest] = reports;
  if (!first) throw new BenchError('internal', 'no reports');
  for (const [i, r] of rest.entries()) {
    if (
      r.manifest.hash !== first.manifest.hash ||
      JSON.stringify(r.settings) !== JSON.stringify(first.settings)
    ) {
      throw new BenchError(
        'usage',
        `${files[i + 1] ?? ''} was run with another manifest or settings than ${files[0] ?? ''}`,
        { hint: 'every shard must run the same inputs apart from shard' },
      );
    }
  }
  const seen = new Set<string>();
  const scenarios = reports
    .flatMap((r) => r.scenarios)
    .filter((s) => !seen.has(s.id) && seen.add(s.id) !== undefined)
    .sort((a, b) => a.id.localeCompare(b.id));
  return buildReport({
    harnessVersion: first.harness.version,
    generatedAt:
      reports
        .map((r) => r.generated_at)
        .sort()
        .at(-1) ?? first.generated_at,
    durationMs: reports.reduce((n, r) => n + r.duration_ms, 0),
    settings: first.settings,
    // Each shard lists only the scenarios it ran; the merged report ran all of them.
    manifest: { ...first.manifest, scenarios: scenarios.map((s) => s.id) },
    fixtures: first.fixtures,
    servers: first.servers.map((s) => ({
      ...s,
      menu:
        reports.map((r) => r.servers.find((x) => x.name === s.name)?.menu).find((m) => m) ?? null,
    })),
    scenarios,
  });
}
