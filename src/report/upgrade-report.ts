import { REPORT_SCHEMA_ID, REPORT_SCHEMA_VERSION } from './types.js';

/** The schema versions `parseReport` reads: the current one and the one the upgrader knows. */
export const READABLE_REPORT_VERSIONS = ['1.0.0', REPORT_SCHEMA_VERSION] as const;

type Json = Record<string, unknown>;

/**
 * The one upgrader: a report of schema 1.0.0 becomes a 2.0.0 report (validated against the
 * current schema afterwards). What changed, and what an old report gets instead:
 * - `manifest.hash` now covers every file of the manifest whole, whatever the suite filter or
 *   shard; a 1.0.0 hash may cover only the selected files. It cannot be recomputed from the
 *   report, so it is kept: comparing with such a baseline may say "the manifest changed".
 * - Every field 2.0.0 added is optional (absent means what a 1.0.0 run implies, as
 *   docs/report-format.md says of each), so nothing needs filling: the upgrade is the version
 *   stamp. A later version that adds a required field fills it here.
 * Returns a new object; the input is not modified.
 */
export function upgradeReport1to2(old: Json): Json {
  const report = structuredClone(old);
  report.$schema = REPORT_SCHEMA_ID;
  report.schema_version = REPORT_SCHEMA_VERSION;
  return report;
}
