import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BenchError } from '../common/errors.js';
import { renderSummaryMarkdown } from '../report/render-summary.js';
import type { Report } from '../report/types.js';
import { reportSchemaErrors } from '../report/validate-report.js';
import { prepareOutDir } from './out-dir.js';

/** The report as written: two-space JSON with a final newline (stable bytes for equal reports). */
export function serializeReport(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/**
 * Writes `file` atomically: the bytes go to a temporary file beside it, renamed over `file` once
 * complete, so a reader never sees half a report and a failed write leaves the old one intact.
 * A failure is a `report_unwritable` BenchError naming the file and the system's reason, with
 * `hint` (how the caller's user names the directory).
 */
export async function writeFileAtomic(
  file: string,
  text: string,
  hint = 'check that the --out directory is writable and that nothing else occupies the path',
): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, text);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new BenchError('report_unwritable', `cannot write ${file} (${reason})`, {
      hint,
      cause: error,
    });
  }
}

/**
 * Writes `report.json` and `summary.md` into `outDir` (created if missing), each atomically.
 * The report is checked against schemas/report.schema.json first: a report that breaks its own
 * published schema is a harness bug, reported as such, and is still written for inspection.
 */
export async function writeReport(
  outDir: string,
  report: Report,
): Promise<{ reportFile: string; summaryFile: string }> {
  await prepareOutDir(outDir, outDir);
  const reportFile = join(outDir, 'report.json');
  const summaryFile = join(outDir, 'summary.md');
  await writeFileAtomic(reportFile, serializeReport(report));
  await writeFileAtomic(summaryFile, renderSummaryMarkdown(report));
  const problems = reportSchemaErrors(report);
  if (problems.length > 0) {
    throw new BenchError(
      'internal',
      `${reportFile} does not match schemas/report.schema.json: ${problems.slice(0, 5).join('; ')}`,
      { hint: 'this is a harness bug: please report it with the file attached' },
    );
  }
  return { reportFile, summaryFile };
}
