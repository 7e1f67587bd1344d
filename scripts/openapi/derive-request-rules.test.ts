import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuleNode, RuleTable } from '../../fake-central/request-rules/table.js';
import { deriveRequestRules, PINNED_SOURCES } from './derive-request-rules.js';

// A small hand-written document (not the vendor's) with one of each construct the generator reads.
const CENTRAL = {
  openapi: '3.1.0',
  paths: {
    '/network-monitoring/v1/things/{radio-mac}': {
      parameters: [
        {
          name: 'radio-mac',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[0-9a-f:]+$' },
        },
      ],
      get: {
        operationId: 'getThing',
        parameters: [
          { $ref: '#/components/parameters/Limit' },
          {
            name: 'kind',
            in: 'query',
            required: true,
            schema: { type: 'string', enum: ['A', 'B'] },
          },
        ],
        responses: {
          '400': { content: { 'application/json': { example: { errorCode: 'MON_BAD' } } } },
        },
      },
    },
    '/network-config/v1alpha1/profiles/{name}': {
      post: {
        operationId: 'createProfile',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Profile' } } },
        },
      },
    },
  },
  components: {
    parameters: {
      Limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 100 } },
    },
    schemas: {
      Profile: {
        allOf: [
          {
            properties: { name: { type: 'string', maxLength: 9999, 'x-patterns': "'[a-z]+'" } },
            required: ['name'],
          },
          {
            properties: {
              vlan: {
                oneOf: [
                  { type: 'integer', minimum: 1 },
                  { type: 'string', 'x-patterns': "['[0-9]+', '.{1,4}']" },
                ],
              },
              note: { type: 'string', nullable: true },
              big: { type: 'string', pattern: '^[0-9]{0,2048}$' },
              self: { $ref: '#/components/schemas/Profile' },
            },
          },
        ],
      },
    },
  },
};
const NOT_CENTRAL = {
  openapi: '3.0.0',
  paths: { '/api/v1/sites': { get: { operationId: 'mist' } } },
};
const GREENLAKE = {
  openapi: '3.0.3',
  paths: {
    '/devices/v1/devices/{id}': {
      get: {
        operationId: 'getDevice',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
        ],
      },
    },
  },
};

function derive(): { table: RuleTable; lines: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'rules-derive-'));
  mkdirSync(join(dir, 'central'));
  mkdirSync(join(dir, 'glp'));
  writeFileSync(join(dir, 'central', 'things.json'), JSON.stringify(CENTRAL));
  writeFileSync(join(dir, 'central', 'mist.openapi.json'), JSON.stringify(NOT_CENTRAL));
  writeFileSync(join(dir, 'glp', 'device-management.json'), JSON.stringify(GREENLAKE));
  writeFileSync(join(dir, 'glp', 'compute-ops-mgmt.json'), JSON.stringify(GREENLAKE));
  const out = join(dir, 'rules.json');
  const lines = deriveRequestRules([
    '--openapi',
    join(dir, 'central'),
    '--greenlake',
    join(dir, 'glp'),
    '--out',
    out,
  ]);
  return { table: JSON.parse(readFileSync(out, 'utf8')) as RuleTable, lines };
}

describe('rules:derive on a hand-written document', () => {
  const { table, lines } = derive();
  const node = (i: number | undefined): RuleNode => table.nodes[i ?? -1] ?? {};

  it('cites both pinned sources and every operation by file and operationId', () => {
    expect(table.sources).toEqual(PINNED_SOURCES);
    expect(table.files).toEqual(['things.json', 'greenlake/device-management.json']);
    expect(table.ops['/network-monitoring/v1/things/{radio-mac}']?.GET).toMatchObject({
      d: 0,
      id: 'getThing',
      s: 1,
    });
    expect(table.ops['/devices/v1/devices/{id}']?.GET).toMatchObject({ d: 1, id: 'getDevice' });
    expect(table.ops['/api/v1/sites']).toBeUndefined();
  });

  it('keeps query rules (required, enum, bounds through $ref), path patterns and the 400 code', () => {
    const op = table.ops['/network-monitoring/v1/things/{radio-mac}']?.GET;
    const q = table.qsets[op?.q ?? -1] ?? {};
    expect(node(q.limit as number)).toEqual({ t: 'integer', x: 100 });
    const kind = q.kind as [number, 1];
    expect(kind[1]).toBe(1);
    expect(node(kind[0])).toEqual({ t: 'string', e: ['A', 'B'] });
    expect(node(op?.pp?.['radio-mac'])).toEqual({ pt: ['^[0-9a-f:]+$'] });
    expect(table.codes[op?.c ?? -1]).toBe('MON_BAD');
    expect(node(table.ops['/devices/v1/devices/{id}']?.GET?.pp?.id)).toEqual({ f: 'uuid' });
  });

  it('merges allOf, reads untyped members as an object, anchors x-patterns, drops 9999 and what RE2 cannot compile', () => {
    const op = table.ops['/network-config/v1alpha1/profiles/{name}']?.POST;
    expect(op).toMatchObject({ br: 1, id: 'createProfile' });
    const body = node(op?.b);
    expect(body).toMatchObject({ t: 'object', r: ['name'] });
    expect(node(body.p?.name)).toEqual({ t: 'string', pt: ['^(?:[a-z]+)$'] });
    const vlan = node(body.p?.vlan);
    expect(vlan.u?.map(node)).toEqual([
      { t: 'integer', n: 1 },
      { t: 'string', pt: ['^(?:[0-9]+)$', '^(?:.{1,4})$'] },
    ]);
    expect(node(body.p?.note)).toEqual({ t: ['string', 'null'] });
    expect(node(body.p?.big)).toEqual({ t: 'string' });
    expect(body.p?.self).toBe(-1); // recursive: unchecked below
    expect(lines).toContain('pattern RE2 cannot compile, not checked: ^[0-9]{0,2048}$');
    expect(lines.join('\n')).toMatch(/3 operations from 2 documents/);
  });

  it('says what is missing when --openapi is not given', () => {
    expect(() => deriveRequestRules([])).toThrow(/needs --openapi <dir>/);
  });
});
