import type { ErrorObject, ValidateFunction } from 'ajv';
import schemaV1 from '../../schemas/report-1.0.0.schema.json' with { type: 'json' };
import { BenchError } from '../errors.js';
import { createAjv } from '../scenarios/ajv.js';
import { REPORT_SCHEMA_VERSION, type Report } from './types.js';
import { READABLE_REPORT_VERSIONS, upgradeReport1to2 } from './upgrade-report.js';
import { reportSchemaErrors } from './validate-report.js';

let v1: ValidateFunction | undefined;

function firstError(errors: ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return '/: invalid';
  const extra =
    e.keyword === 'additionalProperties'
      ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
  return `${e.instancePath || '/'}: ${e.message ?? 'invalid'}${extra}`;
}

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
 * against the schema of the version it declares and upgraded to the current version. `source`
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
    v1 ??= createAjv().compile(schemaV1);
    if (!v1(value))
      throw notAReport(source, `first bad field ${firstError(v1.errors)} (schema 1.0.0)`);
    const upgraded = upgradeReport1to2(value as Record<string, unknown>);
    const problems = reportSchemaErrors(upgraded);
    if (problems.length > 0)
      throw new BenchError(
        'internal',
        `${source}: the 1.0.0 → ${REPORT_SCHEMA_VERSION} upgrade produced an invalid report: ${problems[0] ?? ''}`,
        { hint: 'this is a harness bug: please report it with the file attached' },
      );
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
