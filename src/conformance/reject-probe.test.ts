import { describe, expect, it } from 'vitest';
import { parseDocument, type JsonObject } from './openapi-documents.js';
import { runConformance } from './run-conformance.js';

// Hand-written documents (not the vendor's) naming operations the fake's rule table has: the
// probes come from these, the verdicts from the fake checking requests against its table.
const q = (name: string, schema: JsonObject, required = false): JsonObject => ({
  name,
  in: 'query',
  required,
  schema,
});
const DOC = {
  openapi: '3.1.0',
  paths: {
    '/network-monitoring/v1/device-inventory': {
      get: {
        operationId: 'inventory',
        parameters: [q('site-assigned', { type: 'string', enum: ['ASSIGNED', 'UNASSIGNED'] })],
      },
    },
    '/network-troubleshooting/v1/events': {
      get: {
        operationId: 'events',
        parameters: [
          q('context-type', { type: 'string', enum: ['SITE'] }, true),
          q('context-identifier', { type: 'string' }, true),
          q('site-id', { type: 'string' }, true),
          q('start-at', { type: 'string' }, true),
          q('end-at', { type: 'string' }, true),
        ],
      },
    },
  },
};

describe('conformance --rejects', () => {
  it('breaks one documented query rule per request; the fake refuses each for that rule', async () => {
    const report = await runConformance([parseDocument('probe.json', DOC)], { rejects: true });
    const rejects = report.documents[0]?.rejects;
    expect(rejects?.results.map((r) => [r.operationId, r.rule, r.parameter, r.refused])).toEqual([
      ['inventory', 'unknown-parameter', 'conformance-unknown', true],
      ['inventory', 'enum', 'site-assigned', true],
      ['events', 'enum', 'context-type', true],
      ['events', 'required', 'context-type', true],
    ]);
    expect(report.totals.rejects).toEqual({ probed: 4, refused: 4, baseRefused: 0, unrouted: 0 });
  });

  it('counts a probe the fake does not refuse for its rule as not refused, saying why', async () => {
    // The document claims an integer parameter the fake's table does not have: on monitoring it
    // is refused, but as an unknown parameter, not for its type.
    const claimed = {
      openapi: '3.1.0',
      paths: {
        '/network-monitoring/v1/device-inventory': {
          get: { operationId: 'inventory', parameters: [q('made-up', { type: 'integer' })] },
        },
      },
    };
    const report = await runConformance([parseDocument('claimed.json', claimed)], {
      rejects: true,
    });
    const typed = report.documents[0]?.rejects?.results.find((r) => r.rule === 'type');
    expect(typed).toMatchObject({
      refused: false,
      mismatch: 'refused for unknown-parameter at query:made-up',
    });
  });

  it('breaks one documented body rule per write; the fake refuses each for that rule at that member', async () => {
    const write = (operationId: string, schema: JsonObject): JsonObject => ({
      post: {
        operationId,
        requestBody: { content: { 'application/json': { schema } } },
        responses: { '200': { description: 'ok' } },
      },
    });
    const bodies = {
      openapi: '3.1.0',
      paths: {
        '/network-config/v1alpha1/wlan-ssids/{ssid}': write('createWlan', {
          type: 'object',
          properties: {
            opmode: { type: 'string', enum: ['OPEN', 'WPA2_PERSONAL'] },
            'dtim-period': { type: 'integer', minimum: 1, maximum: 10 },
          },
        }),
        '/network-config/v1alpha1/auth-profiles/{auth-profile-id}': write('createAuthProfile', {
          type: 'object',
          required: ['name', 'auth-type'],
          properties: {
            name: { type: 'string', minLength: 1 },
            'auth-type': { type: 'string', enum: ['MPSK', 'EAP'] },
          },
        }),
      },
    };
    const report = await runConformance([parseDocument('bodies.json', bodies)], {
      rejects: true,
    });
    const rejects = report.documents[0]?.rejects;
    expect(
      rejects?.results.map((r) => [r.operationId, r.method, r.rule, r.parameter, r.refused]),
    ).toEqual([
      ['createWlan', 'POST', 'enum', '/opmode', true],
      ['createWlan', 'POST', 'type', '/dtim-period', true],
      ['createAuthProfile', 'POST', 'enum', '/auth-type', true],
      ['createAuthProfile', 'POST', 'type', '/name', true],
      ['createAuthProfile', 'POST', 'required', '/name', true],
    ]);
    expect(rejects?.results.every((r) => r.in === 'body')).toBe(true);
    expect(report.totals.rejects).toEqual({ probed: 5, refused: 5, baseRefused: 0, unrouted: 0 });
  });
});
