import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BenchError } from '../errors.js';
import { renderSummaryMarkdown } from '../report/render-summary.js';
import type { Report } from '../report/types.js';
import { reportSchemaErrors } from '../report/validate-report.js';

/** The report as written: two-space JSON with a final newline (stable bytes for equal reports). */
export function serializeReport(report: Report): string {
  return JSON.stringify(report, null, 2) + '\n';
}

/**
 * Writes `report.json` and `summary.md` into `outDir` (created if missing). The report is
 * checked against schemas/report.schema.json first: a report that breaks its own published
 * schema is a harness bug, reported as such, and is still written for inspection.
 */
export async function writeReport(
  outDir: string,
  report: Report,
): Promise<{ reportFile: string; summaryFile: string }> {
  await mkdir(outDir, { recursive: true });
  const reportFile = join(outDir, 'report.json');
  const summaryFile = join(outDir, 'summary.md');
  await writeFile(reportFile, serializeReport(report));
  await writeFile(summaryFile, renderSummaryMarkdown(report));
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
