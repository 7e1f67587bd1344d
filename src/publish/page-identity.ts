import { createHash } from 'node:crypto';
import { stripTiming } from '../report/strip-timing.js';
import type { Report } from '../report/types.js';

/**
 * One page per result: a results page is named by the harness version and the run's date
 * (`benchmark-results-0.4.0-2026-12-03`), and carries the digest of the figures it shows, so a
 * later publish under the same name can tell a re-rendering of the same result (allowed) from
 * another result (refused: two different pages must never share a name).
 */

/** `benchmark-results-<version>-<YYYY-MM-DD>`: the run's date is report.json's generated_at (UTC). */
export function pageBaseName(version: string, report: Report): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(report.generated_at)?.[0];
  return date ? `benchmark-results-${version}-${date}` : `benchmark-results-${version}`;
}

/**
 * sha256 of the report without its timing keys: what two runs of the same harness, servers and
 * fixtures agree on byte for byte (strip-timing.ts), so equal digests mean the same figures.
 */
export function figuresDigest(report: Report): string {
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(stripTiming(report)))
    .digest('hex')}`;
}

const MARKER = /hpe-mcp-bench figures (sha256:[0-9a-f]{64})/;

/** The line the markdown page ends with (an HTML comment, invisible when rendered). */
export const pageMarker = (report: Report): string =>
  `<!-- hpe-mcp-bench figures ${figuresDigest(report)} -->`;

/** The dashboard's head element carrying the same digest. */
export const dashboardMarker = (report: Report): string =>
  `<meta name="generator" content="hpe-mcp-bench figures ${figuresDigest(report)}">`;

/** The digest a published page carries, or null (a page from before digests were written). */
export function recordedDigest(text: string): string | null {
  return MARKER.exec(text)?.[1] ?? null;
}

/**
 * Why `existing` (the text at the target path) must not be overwritten with a page of `report`,
 * or null when it may: it carries the same figures' digest. A page without a digest is never
 * overwritten (it was published before the digest existed and is kept as it was).
 */
export function overwriteRefusal(
  file: string,
  existing: string,
  report: Report,
): { message: string; hint: string } | null {
  const recorded = recordedDigest(existing);
  const digest = figuresDigest(report);
  if (recorded === digest) return null;
  return {
    message:
      recorded === null
        ? `${file} already exists and records no figures digest (published before pages carried one): it is kept as it was`
        : `${file} already holds other results (figures ${recorded.slice(0, 19)}… ≠ this report's ${digest.slice(0, 19)}…)`,
    hint: 'a published page is never overwritten with other figures: publish this result under its own name (--page FILE --dashboard FILE, e.g. with a -2 suffix for a second run on one day) or, if the old file was never released, delete it first',
  };
}
