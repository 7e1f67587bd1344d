import { describe, expect, it } from 'vitest';
import type { JsonValue, OpenApiDocument, Operation } from './openapi-documents.js';
import { SchemaValidator } from './schema-validator.js';

// Small hand-written schemas (CI has no vendor files) for two rules of the validator: the
// `response` wrapper of switch trends (SPEC.md §13 D12) and unions told apart only by x-patterns.
type Schema = { [key: string]: JsonValue };
const op = (path: string, okSchema: Schema): Operation => ({
  method: 'GET',
  path,
  operationId: path,
  parameters: [],
  okSchema,
});
const doc = (operations: Operation[]): OpenApiDocument => ({
  file: 'test.json',
  openapi: '3.1.0',
  root: {},
  operations,
});

const TREND = op('/trend', {
  type: 'object',
  required: ['id', 'type'],
  properties: { id: { type: 'string' }, type: { type: 'string' }, keys: { type: 'array' } },
});
const ADDRESS = op('/ntp', {
  type: 'object',
  properties: {
    address: {
      oneOf: [
        { type: 'string', format: 'pattern', 'x-patterns': "'[0-9.]+'" },
        { type: 'string', format: 'pattern', 'x-patterns': "'[0-9a-f:]+'" },
        { type: 'string', format: 'pattern', 'x-patterns': "'[a-z.]+'" },
      ],
    },
    mode: { oneOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] },
  },
});

describe('SchemaValidator', () => {
  const validator = new SchemaValidator();
  const d = doc([TREND, ADDRESS]);

  it('counts a body that only wraps a valid documented object in `response` as deviation D12', () => {
    expect(validator.check(d, TREND, { id: 's1', type: 't', keys: [] })).toBeUndefined();
    expect(validator.check(d, TREND, { response: { id: 's1', type: 't' } })).toEqual({
      mismatch: 'body wraps the documented object in response',
      deviations: ['D12'],
    });
    // The wrapped object is checked: a broken one is a plain mismatch, no deviation.
    const broken = validator.check(d, TREND, { response: { id: 's1' } });
    expect(broken?.deviations).toBeUndefined();
    expect(broken?.mismatch).toMatch(/must have required property/);
    // Anything beside `response` is not the wrapper.
    expect(validator.check(d, TREND, { response: { id: 's1', type: 't' }, x: 1 })?.deviations).toBe(
      undefined,
    );
  });

  it('checks a oneOf of strings told apart only by x-patterns as anyOf, other oneOfs as written', () => {
    expect(validator.check(d, ADDRESS, { address: 'pool.ntp.org' })).toBeUndefined();
    expect(validator.check(d, ADDRESS, { address: 7 })?.mismatch).toMatch(/address/);
    // Without x-patterns, a value matching both branches still fails oneOf.
    expect(validator.check(d, ADDRESS, { mode: 'abc' })?.mismatch).toMatch(
      /must match exactly one schema in oneOf/,
    );
  });
});
