import { BenchError } from '../common/errors.js';
import { REPORT_SCHEMA_VERSION, type Report } from './types.js';
import { READABLE_REPORT_VERSIONS, upgradeReport1to2 } from './upgrade-report.js';
import { reportSchemaErrors } from './validate-report.js';

function notAReport(source: string, detail: string, hint?: string): BenchError {
  return new BenchError(
    'report_invalid',
    `${source} is not a valid hpe-mcp-bench report: ${detail}`,
    {
      hint:
        hint ??
        'pass the report.json that `hpe-mcp-bench run` (or the action) wrote; docs/report-format.md describes it',
    },
  );
}

/**
 * A parsed report.json from anywhere (a file, the baseline cache, a shard artifact), validated
 * and upgraded to the current version from the version it declares, then validated against the
 * current schema. `source`
 * names where it came from in errors, which also name the first bad field (a JSON pointer).
 */
export function parseReport(value: unknown, source: string): Report {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw notAReport(source, 'expected a JSON object');
  const version = (value as { schema_version?: unknown }).schema_version;
  if (version === REPORT_SCHEMA_VERSION) {
    const problems = reportSchemaErrors(value);
    if (problems.length > 0) throw notAReport(source, `first bad field ${problems[0] ?? ''}`);
    return value as Report;
  }
  if (version === '1.0.0') {
    // Upgraded first, then validated against the current schema: 1.0.0 reports written during the
    // 2.0.0 work already carry some 2.0.0 fields, and the pointers are the same in both versions.
    const upgraded = upgradeReport1to2(value as Record<string, unknown>);
    const problems = reportSchemaErrors(upgraded);
    if (problems.length > 0)
      throw notAReport(source, `first bad field ${problems[0] ?? ''} (a 1.0.0 report)`);
    return upgraded as unknown as Report;
  }
  throw notAReport(
    source,
    `/schema_version: ${version === undefined ? 'missing' : JSON.stringify(version)}, expected one of ${READABLE_REPORT_VERSIONS.join(', ')}`,
    typeof version === 'string' && version > REPORT_SCHEMA_VERSION
      ? 'the report was written by a newer hpe-mcp-bench: upgrade this one'
      : undefined,
  );
}
