import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Verdict } from '../gate/types.js';
import type { Report } from '../report/types.js';
import { serializeReport, writeFileAtomic } from '../report-io/write-report.js';
import type { StoredComment } from './stored-comment.js';

const HINT = 'check that the report-dir input names a writable directory';

/**
 * Writes report.json, verdict.json, comment.md, summary.md and (for a PR) comment.json into the
 * report dir, each atomically (a later step or artifact upload never reads half a file).
 */
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
  await writeFileAtomic(reportPath, serializeReport(report), HINT);
  await writeFileAtomic(join(dir, 'verdict.json'), JSON.stringify(verdict, null, 2) + '\n', HINT);
  await writeFileAtomic(join(dir, 'comment.md'), comment, HINT);
  await writeFileAtomic(join(dir, 'summary.md'), summary, HINT);
  if (stored)
    await writeFileAtomic(join(dir, 'comment.json'), JSON.stringify(stored, null, 2) + '\n', HINT);
  return reportPath;
}
