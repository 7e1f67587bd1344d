import type { ErrorObject, ValidateFunction } from 'ajv';
import schema from '../../schemas/report.schema.json' with { type: 'json' };
import { createAjv } from '../common/ajv.js';

let compiled: ValidateFunction | undefined;

/** The problems of a report against schemas/report.schema.json, as `pointer: message` (empty: valid). */
export function reportSchemaErrors(report: unknown): string[] {
  compiled ??= createAjv({ ownSchema: true, terseErrors: true }).compile(schema);
  if (compiled(report)) return [];
  return (compiled.errors ?? []).map(
    (e: ErrorObject) =>
      `${e.instancePath || '/'}: ${e.message ?? 'invalid'}${e.keyword === 'additionalProperties' ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})` : ''}`,
  );
}
