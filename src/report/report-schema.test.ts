import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { REPORT_SCHEMA_ID, REPORT_SCHEMA_VERSION } from './types.js';
import { sampleReport } from './test-helpers.js';
import { reportSchemaErrors } from './validate-report.js';

describe('schemas/report.schema.json', () => {
  it('is versioned: its $id and the report constants agree', async () => {
    const schema = JSON.parse(
      await readFile(new URL('../../schemas/report.schema.json', import.meta.url), 'utf8'),
    );
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(REPORT_SCHEMA_ID);
    expect(schema.$id).toContain(REPORT_SCHEMA_VERSION);
    expect(schema.properties.schema_version.const).toBe(REPORT_SCHEMA_VERSION);
  });

  it('accepts the sample report (absent, errored and unsafe results included)', () => {
    expect(reportSchemaErrors(sampleReport())).toEqual([]);
  });

  it.each([
    [
      'a missing field',
      (r: any) => delete r.manifest.hash,
      "/manifest: must have required property 'hash'",
    ],
    [
      'an unknown field',
      (r: any) => (r.surprise = 1),
      '/: must NOT have additional properties (surprise)',
    ],
    [
      'a bad provenance label',
      (r: any) => (r.scenarios[0].results[0].tokens.provenance = 'guessed'),
      '/scenarios/0/results/0/tokens/provenance: must be equal to constant',
    ],
    [
      'a non-sha manifest hash',
      (r: any) => (r.manifest.hash = 'abc'),
      '/manifest/hash: must match pattern "^sha256:[0-9a-f]{64}$"',
    ],
    [
      'more than 10 heaviest tools',
      (r: any) =>
        (r.servers[0].menu.heaviest = Array.from({ length: 11 }, (_, i) => ({
          name: `t${i}`,
          tokens: 1,
        }))),
      '/servers/0/menu/heaviest: must NOT have more than 10 items',
    ],
  ])('rejects %s', (_name, mutate, message) => {
    const report = sampleReport();
    mutate(report);
    expect(reportSchemaErrors(report)).toContain(message);
  });
});
