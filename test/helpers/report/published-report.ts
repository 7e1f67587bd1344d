// Test helper: the head-to-head report published with docs/benchmark-results-0.4.0-2026-12-03
// (gzip-compressed beside its page), read once per test file, and fresh copies of it to edit.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseReport } from '../../../src/report/parse-report.js';
import type { Report } from '../../../src/report/types.js';

/** The published report and its page and dashboard, from the checkout's root. */
export const PUBLISHED = {
  report: 'docs/benchmark-results-0.4.0-2026-12-03.report.json.gz',
  page: 'docs/benchmark-results-0.4.0-2026-12-03.md',
  dashboard: 'docs/benchmark-results-0.4.0-2026-12-03.html',
} as const;

/** An absolute path to one of PUBLISHED's files. */
export const publishedPath = (file: string): string =>
  resolve(import.meta.dirname, '../../..', file);

let cached: Report | undefined;

/** A deep copy of the published report (each call a fresh one to edit). */
export function publishedReport(): Report {
  cached ??= parseReport(
    JSON.parse(gunzipSync(readFileSync(publishedPath(PUBLISHED.report))).toString('utf8')),
    PUBLISHED.report,
  );
  return structuredClone(cached);
}
