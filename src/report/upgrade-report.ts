import { REPORT_SCHEMA_ID, REPORT_SCHEMA_VERSION } from './types.js';

/** The schema versions `parseReport` reads: the current one and the one the upgrader knows. */
export const READABLE_REPORT_VERSIONS = ['1.0.0', REPORT_SCHEMA_VERSION] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Sets `obj[key]` to `value` unless the key is already there (an upgrader never overwrites). */
function fill(obj: unknown, key: string, value: unknown): void {
  if (isObject(obj) && !(key in obj)) obj[key] = structuredClone(value);
}

/**
 * The one upgrader: a report of schema 1.0.0 (validated against the current schema afterwards)
 * becomes a 2.0.0 report. What changed, and what an old report gets instead:
 * - `manifest.hash` now covers every file of the manifest whole, whatever the suite filter or
 *   shard; a 1.0.0 hash may cover only the selected files. It cannot be recomputed from the
 *   report, so it is kept: comparing with such a baseline may say "the manifest changed".
 * - Fields added by 2.0.0 get the value a 1.0.0 run implies (see docs/report-format.md,
 *   "Reading older reports"); each is filled only where it is missing.
 * Returns a new object; the input is not modified.
 */
export function upgradeReport1to2(old: Json): Json {
  const report = structuredClone(old);
  report.$schema = REPORT_SCHEMA_ID;
  report.schema_version = REPORT_SCHEMA_VERSION;
  // Defaults of fields other engineers add in 2.0.0 (/work/team/notes/report-fields.md) go here,
  // one `fill` each, so a 1.0.0 report validates against the 2.0.0 schema.
  void fill;
  return report;
}
