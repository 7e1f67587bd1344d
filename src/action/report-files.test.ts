import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BenchError } from '../common/errors.js';
import { compareToBaseline } from '../gate/compare-to-baseline.js';
import { report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from '../gate/thresholds.js';
import { writeReportFiles } from './report-files.js';

const root = mkdtempSync(join(tmpdir(), 'report-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const r = report();
const verdict = compareToBaseline(r, null, DEFAULT_THRESHOLDS);

describe('writeReportFiles', () => {
  it('writes the report, verdict, comment and summary, and no temporary file stays', async () => {
    const dir = join(root, 'ok');
    const path = await writeReportFiles(dir, r, verdict, 'comment', 'summary', null);
    expect(JSON.parse(readFileSync(path, 'utf8')).schema_version).toBe(r.schema_version);
    expect(readdirSync(dir).sort()).toEqual([
      'comment.md',
      'report.json',
      'summary.md',
      'verdict.json',
    ]);
  });

  it('writes report.json whole or not at all: a failed write keeps the previous one', async () => {
    const dir = join(root, 'blocked');
    mkdirSync(dir);
    writeFileSync(join(dir, 'report.json'), 'the previous report\n');
    // The temporary file's place is taken: the write fails before anything replaces report.json.
    mkdirSync(join(dir, `report.json.${process.pid}.tmp`));
    const error = await writeReportFiles(dir, r, verdict, 'c', 's', null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).code).toBe('report_unwritable');
    expect((error as BenchError).message).toContain(join(dir, 'report.json'));
    expect((error as BenchError).hint).toContain('report-dir');
    expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('the previous report\n');
  });
});
