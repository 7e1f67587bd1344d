/** Top-level report.json keys the results page renders; anything else is listed, not dropped. */
export const KNOWN_REPORT_KEYS: ReadonlySet<string> = new Set([
  '$schema',
  'schema_version',
  'harness',
  'generated_at',
  'duration_ms',
  'gating_eligible',
  'settings',
  'manifest',
  'fixtures',
  'servers',
  'provenance',
  'caveats',
  'scenarios',
  'suites',
  'overall',
  'resilience',
]);
