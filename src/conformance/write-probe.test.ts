import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDocuments, parseDocument } from './openapi-documents.js';
import { renderConformance } from './render-conformance.js';
import { runConformance } from './run-conformance.js';
import { sampleBody } from './sample-body.js';

// Item paths of the fake's generic config store, described as the vendor documents do: a key
// inside an allOf part, an integer key (layer2-vlan), a read schema that requires a member the
// create does not (sent too), and one that types a member unlike the create (the lifecycle then
// fails at the read-back, naming it).
const item = (
  key: string,
  keySchema: object,
  readRequired: string[] = [],
  create: Record<string, object> = {},
) => ({
  post: {
    operationId: `create-${key}`,
    requestBody: {
      content: {
        'application/json': {
          schema: {
            allOf: [
              { type: 'object', properties: { [key]: keySchema } },
              {
                required: Object.keys(create),
                properties: { description: { type: 'string' }, ...create },
              },
            ],
          },
        },
      },
    },
    responses: { '200': { description: 'ok' } },
  },
  get: {
    operationId: `read-${key}`,
    responses: {
      '200': {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: [key, ...readRequired],
              properties: {
                [key]: keySchema,
                'number-of-members': { type: 'integer', minimum: 2 },
                enabled: { type: 'boolean' },
              },
            },
          },
        },
      },
    },
  },
  delete: { operationId: `delete-${key}`, responses: { '200': { description: 'ok' } } },
});
const DOC = {
  openapi: '3.1.0',
  paths: {
    '/network-config/v1alpha1/ntp/{name}': {
      ...item('name', { type: 'string', maxLength: 64 }),
      put: { operationId: 'replace-ntp', responses: { '200': { description: 'ok' } } },
      patch: { operationId: 'update-ntp', responses: { '200': { description: 'ok' } } },
    },
    '/network-config/v1alpha1/layer2-vlan/{vlan}': item('vlan', {
      type: 'integer',
      minimum: 1,
      maximum: 4094,
    }),
    '/network-config/v1alpha1/vsf-templates/{name}': item('name', { type: 'string' }, [
      'number-of-members',
    ]),
    '/network-config/v1alpha1/dns/{name}': item('name', { type: 'string' }, ['enabled'], {
      enabled: { type: 'string', enum: ['yes'] },
    }),
  },
};

const dir = mkdtempSync(join(tmpdir(), 'conformance-writes-'));
writeFileSync(join(dir, 'profiles.json'), JSON.stringify(DOC));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('write probes', () => {
  it('create → read-back → delete → read per item path; GET figures unchanged', async () => {
    const report = await runConformance(loadDocuments(dir), { writes: true });
    const writes = report.documents[0]?.writes;
    expect(writes).toMatchObject({ probed: 4, ok: 3 });
    const byPath = new Map(writes?.results.map((w) => [w.path, w]));
    expect(byPath.get('/network-config/v1alpha1/ntp/{name}')).toMatchObject({
      request: '/network-config/v1alpha1/ntp/conformance-probe',
      created: 200,
      read: 200,
      updated: [
        { method: 'PUT', status: 200, read: 200 },
        { method: 'PATCH', status: 200, read: 200 },
      ],
      deleted: 200,
      gone: 404,
      ok: true,
    });
    // The integer key is sent as a number and read back as one.
    expect(byPath.get('/network-config/v1alpha1/layer2-vlan/{vlan}')).toMatchObject({
      request: '/network-config/v1alpha1/layer2-vlan/3999',
      ok: true,
    });
    // The read requires a member the create does not: the probe sends it (at its minimum).
    expect(byPath.get('/network-config/v1alpha1/vsf-templates/{name}')?.ok).toBe(true);
    expect(byPath.get('/network-config/v1alpha1/dns/{name}')).toMatchObject({
      ok: false,
      mismatch: 'read-back: /enabled must be boolean',
      gone: 404,
    });
    expect(report.totals.writes).toEqual({ probed: 4, ok: 3 });
    const text = renderConformance(report);
    expect(text).toContain('writes: 3 of 4 create → read-back → delete lifecycles passed');
    expect(text).toContain(
      '/network-config/v1alpha1/dns/{name} (create-name): read-back: /enabled',
    );
    const plain = await runConformance(loadDocuments(dir));
    const { writes: _probed, ...reads } = report.totals;
    expect(plain.totals).toEqual(reads);
    expect(plain.documents[0]).not.toHaveProperty('writes');
  });

  it('samples the smallest documented body: required members, enums, bounds', () => {
    const doc = parseDocument('x.json', {
      openapi: '3.1.0',
      paths: {},
      components: {
        schemas: { Mode: { type: 'string', enum: ['AUTO', 'MANUAL'] } },
      },
    });
    expect(
      sampleBody(
        doc,
        {
          type: 'object',
          required: ['mode', 'count', 'tags', 'when', 'on'],
          properties: {
            mode: { $ref: '#/components/schemas/Mode' },
            count: { type: 'integer', minimum: 5 },
            tags: { type: 'array', minItems: 1, items: { type: 'string', maxLength: 4 } },
            when: { type: 'string', format: 'date-time' },
            on: { type: ['boolean', 'null'] },
            optional: { type: 'string' },
          },
        },
        '2026-03-02T12:00:00Z',
      ),
    ).toEqual({ mode: 'AUTO', count: 5, tags: ['conf'], when: '2026-03-02T12:00:00Z', on: false });
  });
});
