import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Verdict } from '../gate/types.js';
import type { Report } from '../report/types.js';
import { serializeReport } from '../report-io/write-report.js';
import type { StoredComment } from './stored-comment.js';

/** Writes report.json, verdict.json, comment.md and (for a PR) comment.json into the report dir. */
export async function writeReportFiles(
  dir: string,
  report: Report,
  verdict: Verdict,
  comment: string,
  summary: string,
  stored: StoredComment | null,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const reportPath = join(dir, 'report.json');
  await writeFile(reportPath, serializeReport(report));
  await writeFile(join(dir, 'verdict.json'), JSON.stringify(verdict, null, 2) + '\n');
  await writeFile(join(dir, 'comment.md'), comment);
  await writeFile(join(dir, 'summary.md'), summary);
  if (stored) await writeFile(join(dir, 'comment.json'), JSON.stringify(stored, null, 2) + '\n');
  return reportPath;
}
