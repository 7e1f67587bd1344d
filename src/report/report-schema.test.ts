import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { REPORT_SCHEMA_ID, REPORT_SCHEMA_VERSION } from './types.js';
import { SWEEP_OUTCOMES, type ServerSweep, type SweepToolResult } from './sweep-types.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
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

  it('accepts a server sweep as the types spell it, and refuses an outcome they do not have', () => {
    const report = sampleReport();
    const tool: SweepToolResult = {
      tool: 'list_devices',
      fixture: 'site-a',
      outcome: 'ok',
      arguments: {},
      calls: [
        { method: 'GET', path: '/network-monitoring/v1/devices', query: ['limit'], status: 200 },
      ],
      digest: `sha256:${'a'.repeat(64)}`,
      served: 3,
      shown: ['CNKFAEL9TV'],
    };
    const sweep: ServerSweep = {
      mode: 'read',
      fixtures: ['site-a'],
      menu: ['list_devices', 'run_ping'],
      menu_changed: { added: ['run_ping'], removed: [] },
      failure: null,
      tools: [
        tool,
        {
          ...tool,
          tool: 'run_ping',
          outcome: 'not-called',
          arguments: null,
          missing: ['destination'],
          calls: [],
          digest: null,
          served: 0,
          shown: [],
        },
        {
          ...tool,
          tool: 'x',
          outcome: 'not-called',
          arguments: null,
          reason: 'may write',
          calls: [],
          digest: null,
          served: 0,
          shown: [],
        },
        {
          ...tool,
          tool: 'y',
          outcome: 'route-miss',
          error: 'GET /x: no such route',
          calls: [{ method: 'GET', path: '/x', query: [], status: 404, unrouted: true }],
        },
      ],
      counts: Object.fromEntries(SWEEP_OUTCOMES.map((o) => [o, 1])),
    };
    report.servers[0]!.sweep = sweep;
    expect(reportSchemaErrors(report)).toEqual([]);
    (report.servers[0]!.sweep.tools[0] as { outcome: string }).outcome = 'fine';
    expect(reportSchemaErrors(report).join('\n')).toContain('/servers/0/sweep/tools/0/outcome');
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
