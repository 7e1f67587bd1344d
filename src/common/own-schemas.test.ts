import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv.js';

const ROOT = join(import.meta.dirname, '../..');

// The harness compiles its own schemas without the meta-schema check (createAjv `ownSchema`,
// for start-up time): this is where a schema that is not valid JSON Schema 2020-12 fails.
describe.each([
  'schemas/report.schema.json',
  'schemas/bench-config.schema.json',
  'schemas/classification.schema.json',
  'scenarios/scenario.schema.json',
  'scenarios/compared-servers.schema.json',
])('%s', (file) => {
  it('is a valid JSON Schema 2020-12 document', () => {
    const schema = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as object;
    const ajv = createAjv();
    expect(ajv.validateSchema(schema), ajv.errorsText(ajv.errors)).toBe(true);
  });
});
