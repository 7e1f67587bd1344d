// needs: processes
/**
 * `hpe-mcp-bench conformance --openapi` as its own process on hostile documents: each must end
 * within 30 s, in a heap of at most 480 MB (the process is started with that limit: past it Node
 * dies, which fails the exit-code check), with a message naming the file and what is wrong.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliEntry } from '../../test/helpers/cli-entry.js';

const ROOT = resolve(import.meta.dirname, '../..');
const LIMIT_MS = 30_000;

function conformance(
  dir: string,
  extra: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string; killed: boolean }> {
  const child = spawn(
    process.execPath,
    [
      '--max-old-space-size=480',
      ...cliEntry(),
      'conformance',
      '--openapi',
      dir,
      '--summary',
      ...extra,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', CI: '1' },
    },
  );
  let stdout = '';
  let stderr = '';
  let killed = false;
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, LIMIT_MS);
  return new Promise((done) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr, killed });
    }),
  );
}

const dirWith = (files: Record<string, unknown>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-hostile-'));
  for (const [name, doc] of Object.entries(files))
    writeFileSync(join(dir, name), JSON.stringify(doc));
  return dir;
};

const ok = (schema: unknown) => ({
  responses: { '200': { content: { 'application/json': { schema } } } },
});

/** Every string anywhere in the body must match `pattern`. */
const everyString = (pattern: string) => ({
  openapi: '3.1.0',
  paths: {
    '/network-monitoring/v1/aps': {
      get: { operationId: 'listAps', ...ok({ $ref: '#/components/schemas/Any' }) },
    },
  },
  components: {
    schemas: {
      Any: {
        anyOf: [
          { type: 'string', pattern },
          { type: 'object', additionalProperties: { $ref: '#/components/schemas/Any' } },
          { type: 'array', items: { $ref: '#/components/schemas/Any' } },
          { type: ['number', 'boolean', 'null'] },
        ],
      },
    },
  },
});

/** A POST/GET/DELETE item path whose create body is `schema` (for --writes). */
const writable = (schemas: Record<string, unknown>) => ({
  openapi: '3.1.0',
  paths: {
    '/network-config/v1/wlan-ssids/{ssid}': {
      parameters: [{ name: 'ssid', in: 'path', required: true, schema: { type: 'string' } }],
      post: {
        operationId: 'createWlan',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
        },
        responses: { '200': { description: 'ok' } },
      },
      get: { operationId: 'getWlan', ...ok({ type: 'object' }) },
      delete: { operationId: 'deleteWlan', responses: { '200': { description: 'ok' } } },
    },
  },
  components: { schemas },
});

const tenRequired = (ref: (i: number) => string) => ({
  type: 'object',
  required: Array.from({ length: 10 }, (_, i) => `m${i}`),
  properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`m${i}`, { $ref: ref(i) }])),
});

describe('conformance --openapi on hostile documents', { timeout: 60_000 }, () => {
  it('a FIFO: refused at once, not waited on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-fifo-'));
    execFileSync('mkfifo', [join(dir, 'doc.json')]);
    const run = await conformance(dir);
    expect(run.killed).toBe(false);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${join(dir, 'doc.json')} is a FIFO: conformance reads only regular files`,
    );
  });

  it('a link to /dev/zero: refused, not read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-zero-'));
    symlinkSync('/dev/zero', join(dir, 'doc.json'));
    const run = await conformance(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'doc.json is a character device: conformance reads only regular files',
    );
  });

  it('a 40 MB file: refused naming its size and the cap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-huge-'));
    writeFileSync(join(dir, 'doc.json'), '');
    truncateSync(join(dir, 'doc.json'), 40 * 1024 * 1024);
    const run = await conformance(dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'doc.json is 41943040 bytes, more than the 33554432 bytes (32 MiB) conformance reads',
    );
  });

  it.each(['//evil.example/x', 'http://evil.example/x', '/../../etc/passwd', '/a/%2e%2e/b'])(
    'a paths key %s: refused, never requested',
    async (key) => {
      const run = await conformance(
        dirWith({ 'doc.json': { openapi: '3.1.0', paths: { [key]: { get: ok({}) } } } }),
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`doc.json: paths key ${JSON.stringify(key)} is not an API path`);
    },
  );

  it('20,000 operations: refused with the cap, before any request', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 20_000 }, (_, i) => [`/network-monitoring/v1/x${i}`, { get: ok({}) }]),
    );
    const run = await conformance(dirWith({ 'doc.json': { openapi: '3.1.0', paths } }));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '20000 operations, more than the 10000 conformance asks in one run (the most in doc.json: 20000)',
    );
  });

  it('a long document: a progress line every 200 operations', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 450 }, (_, i) => [`/network-monitoring/v1/x${i}`, { get: ok({}) }]),
    );
    const run = await conformance(dirWith({ 'long.json': { openapi: '3.1.0', paths } }));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('conformance: 200/450 operations asked (long.json)\n');
    expect(run.stderr).toContain('conformance: 400/450 operations asked (long.json)\n');
  });

  it('a catastrophic pattern in a response schema: checked in linear time', async () => {
    const run = await conformance(dirWith({ 'doc.json': everyString('^(.|.)*!$') }));
    expect(run.killed).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('schema-valid 0% of 200 answers');
  });

  it('--writes with a required member referring to its own schema, and a 10^8-value body', async () => {
    const self = await conformance(
      dirWith({ 'doc.json': writable({ Node: tenRequired(() => '#/components/schemas/Node') }) }),
      ['--writes'],
    );
    expect(self.killed).toBe(false);
    expect(self.code, self.stderr).toBe(0);
    const levels = Object.fromEntries(
      Array.from({ length: 9 }, (_, level) => [
        level === 0 ? 'Node' : `L${level}`,
        level === 8 ? { type: 'string' } : tenRequired(() => `#/components/schemas/L${level + 1}`),
      ]),
    );
    const wide = await conformance(dirWith({ 'doc.json': writable(levels) }), [
      '--writes',
      '--json',
    ]);
    expect(wide.killed).toBe(false);
    expect(wide.code, wide.stderr).toBe(0);
    expect(JSON.parse(wide.stdout).documents[0].writes.results[0].mismatch).toBe(
      'not probed: the documented body needs more than 5000 values (required members that refer to each other?)',
    );
  });
});
