import { describe, expect, it } from 'vitest';
import { parseDocument } from './openapi-documents.js';
import { runConformance } from './run-conformance.js';

// A hand-written document (CI has no vendor files): a troubleshooting test started by POST and
// its poll. The command starts the test with the documented example body and polls the task id
// the fake answers, so the poll's 200 schema is checked; without a documented start it cannot.
const poll = (path: string) => ({
  get: {
    operationId: `poll ${path}`,
    parameters: [
      { name: 'serial-number', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'task-id', in: 'path', required: true, schema: { type: 'string' } },
    ],
    responses: {
      '200': {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['status'],
              properties: { status: { type: 'string' }, rawOutput: { type: 'string' } },
            },
          },
        },
      },
    },
  },
});
const DOC = {
  openapi: '3.1.0',
  paths: {
    '/network-troubleshooting/v1/aps/{serial-number}/ping': {
      post: {
        operationId: 'startPing',
        requestBody: {
          required: true,
          content: {
            'application/json': { examples: { minimal: { value: { destination: '8.8.8.8' } } } },
          },
        },
        responses: { '202': { description: 'started' } },
      },
    },
    '/network-troubleshooting/v1/aps/{serial-number}/ping/async-operations/{task-id}': poll('ping'),
    // No documented start: the poll can only be asked with a made-up id.
    '/network-troubleshooting/v1/aps/{serial-number}/nslookup/async-operations/{task-id}':
      poll('nslookup'),
  },
};

describe('conformance of async polls', () => {
  it('starts the documented test first and polls its real task id', async () => {
    const report = await runConformance([parseDocument('poll.json', DOC)]);
    const [ping, nslookup] = report.documents[0]?.results ?? [];
    expect(ping).toMatchObject({ status: 200, valid: true });
    expect(ping?.request).toMatch(/\/ping\/async-operations\/[^/]+$/);
    expect(ping?.request).not.toContain('conformance-probe');
    expect(nslookup).toMatchObject({ status: 404, valid: false });
    expect(nslookup?.request).toContain('/async-operations/conformance-probe');
  });
});
