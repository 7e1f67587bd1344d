/**
 * The bench's stored runs: every report (the baselines, each plant's PR, each rerun) beside its
 * timing, so `--regate` can gate them again with the current gate without running anything.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readReport } from '../../src/report-io/read-report.js';
import { serializeReport, writeFileAtomic } from '../../src/report-io/write-report.js';
import type { Report } from '../../src/report/types.js';
import type { TimedReport } from './pr-run.js';

export interface Timing {
  wallMs: number;
  load: [number, number];
  /** Run beside another bench of this script. */
  concurrent?: boolean;
}

export interface StoredRun {
  report: Report;
  timing: Timing;
}

export async function saveRun(
  dir: string,
  name: string,
  run: TimedReport,
  concurrent = false,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFileAtomic(join(dir, `${name}.report.json`), serializeReport(run.report));
  const timing: Timing = { wallMs: run.wallMs, load: run.load, concurrent };
  await writeFileAtomic(join(dir, `${name}.timing.json`), `${JSON.stringify(timing)}\n`);
}

export async function loadRun(dir: string, name: string): Promise<StoredRun | null> {
  const file = join(dir, `${name}.report.json`);
  if (!existsSync(file)) return null;
  const timing = JSON.parse(await readFile(join(dir, `${name}.timing.json`), 'utf8')) as Timing;
  return { report: await readReport(file), timing };
}

/** The names of the runs stored in `dir` that start with `prefix`. */
export async function storedNames(dir: string, prefix: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir))
    .filter((f) => f.startsWith(prefix) && f.endsWith('.report.json'))
    .map((f) => f.slice(0, -'.report.json'.length))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}
