import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/io.js';
import { runCli } from '../cli/main.js';
import { loadDocuments } from './openapi-documents.js';
import { runConformance } from './run-conformance.js';

// Small documents written for this test (CI has no vendor files): one the fake serves in the
// documented shape, one whose schema the fake's answer breaks, one path the fake does not serve.
const SERVED = {
  openapi: '3.1.0',
  paths: {
    '/network-monitoring/v1/aps': {
      get: {
        operationId: 'listAps',
        responses: {
          '200': {
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ApList' } },
            },
          },
        },
      },
    },
    '/network-monitoring/v1/aps/{serial-number}': {
      get: {
        operationId: 'getAp',
        parameters: [
          { name: 'serial-number', in: 'path', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['serialNumber'],
                  properties: { serialNumber: { type: 'integer' } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      ApList: {
        type: 'object',
        required: ['items'],
        properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Ap' } } },
      },
      // Recursive on purpose: bundling must stay finite.
      Ap: {
        type: 'object',
        required: ['serialNumber'],
        properties: { serialNumber: { type: 'string' }, peer: { $ref: '#/components/schemas/Ap' } },
      },
    },
  },
};
const UNSERVED = {
  openapi: '3.0.3',
  paths: {
    '/network-monitoring/v1/conformance-no-such-family': {
      get: { operationId: 'nothing', responses: { '200': { description: 'ok' } } },
    },
  },
};

// The fake answers `next: null` on the last page (SPEC.md §13 D3) where this schema wants a string.
const DEVIATING = {
  openapi: '3.1.0',
  paths: {
    '/network-monitoring/v1/radios': {
      get: {
        operationId: 'listRadios',
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['next'],
                  properties: { next: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
};

const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
writeFileSync(join(dir, 'a-served.json'), JSON.stringify(SERVED));
writeFileSync(join(dir, 'b-unserved.json'), JSON.stringify(UNSERVED));
writeFileSync(join(dir, 'c-deviating.json'), JSON.stringify(DEVIATING));
writeFileSync(join(dir, 'MANIFEST.json'), JSON.stringify({ specs: [] }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    untilSignal: () => new Promise(() => undefined),
    cwd: dir,
    env: {},
  };
  return { code: await runCli(argv, io), stdout, stderr };
}

describe('conformance', () => {
  it('counts routed, 200 and schema-valid per document and names each first mismatch', async () => {
    const report = await runConformance(loadDocuments(dir));
    expect(report.documents.map((d) => d.file)).toEqual([
      'a-served.json',
      'b-unserved.json',
      'c-deviating.json',
    ]);
    const [served, unserved, deviating] = report.documents;
    expect(served).toMatchObject({ operations: 2, routed: 2, ok: 2, valid: 1 });
    const getAp = served?.results.find((r) => r.operationId === 'getAp');
    // The serial comes from the bundle (an AP of site-a), not from the document.
    expect(getAp?.request).toMatch(/^\/network-monitoring\/v1\/aps\/CN[A-Z0-9]+$/);
    expect(getAp?.mismatch).toBe('/serialNumber must be integer');
    expect(unserved).toMatchObject({ operations: 1, routed: 0, ok: 0, valid: 0 });
    expect(unserved?.results[0]?.mismatch).toMatch(/^route miss: 404 Not Found: GET /);
    // Invalid strictly, valid counting the listed deviation D3: both figures are reported.
    expect(deviating).toMatchObject({
      operations: 1,
      routed: 1,
      ok: 1,
      valid: 0,
      validWithDeviations: 1,
    });
    expect(deviating?.results[0]).toMatchObject({
      mismatch: '/next must be string',
      deviations: ['D3'],
    });
    expect(report.totals).toEqual({
      operations: 4,
      routed: 3,
      ok: 3,
      valid: 1,
      validWithDeviations: 2,
    });
  });

  it('exits 1 below --min-routed and prints the table; 0 at or above', async () => {
    const low = await cli(['conformance', '--openapi', '.', '--min-routed', '90', '--summary']);
    expect(low.code).toBe(1);
    expect(low.stdout).toContain(
      'routed 75% of operations; schema-valid 33.3% of 200 answers (66.7% counting the deviations',
    );
    expect(low.stdout).toContain('below the thresholds: routed 75% < --min-routed 90%');
    const fine = await cli(['conformance', '--openapi', '.', '--min-routed', '60', '--json']);
    expect(fine.code).toBe(0);
    expect(JSON.parse(fine.stdout).shares).toEqual({
      routed: 75,
      valid: 33.3,
      validWithDeviations: 66.7,
    });
  });

  it('names the directory when it holds no OpenAPI document, and bad thresholds', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'conformance-empty-'));
    try {
      const run = await cli(['conformance', '--openapi', empty]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--openapi ${empty}: no OpenAPI 3.x JSON document in it`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const bad = await cli(['conformance', '--openapi', '.', '--min-valid', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--min-valid must be a percentage 0–100, got "lots"');
  });
});
