/**
 * The era matrix: the reference server's tools on the official SDKs, one subject per era and
 * transport, benchmarked through the real CLI. Legacy-only: SDK 1.x (examples/reference-server
 * over stdio, test/mcp-servers/subject-reference-v1-http.ts over HTTP). 2026-07-28-only and
 * dual: SDK v2 (examples/reference-server/v2, serveStdio and createMcpHandler with and without
 * the legacy fallback). The harness's client negotiates (server/discover, else initialize), so
 * each passes a read and a write scenario (the write's confirmation is an elicitation on the
 * 2025 era and an input_required round trip on 2026-07-28), and report.json says which era.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../src/report/validate-report.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = JSON.stringify(process.execPath);
const V2 = 'examples/reference-server/v2/index-v2.ts';

const common = [
  `    scenarioKey: reference`,
  `    env: { CENTRAL_CLIENT_ID: '\${fake.clientId}', CENTRAL_CLIENT_SECRET: '\${fake.clientSecret}', GREENLAKE_WORKSPACE_ID: '\${fake.workspaceId}' }`,
  `    gates: { write: { REFERENCE_ENABLE_WRITES: '1' }, destructive: { REFERENCE_ENABLE_WRITES: '1' } }`,
];
const stdio = (name: string, args: string[]) => [
  `  ${name}:`,
  '    transport: stdio',
  `    command: ${NODE}`,
  `    args: ${JSON.stringify(['--import', 'tsx', ...args])}`,
  `    cwd: ${JSON.stringify(ROOT)}`,
  ...common,
];
const http = (name: string, args: string[]) => [
  `  ${name}:`,
  '    transport: http',
  `    start: { command: ${NODE}, args: ${JSON.stringify(['--import', 'tsx', ...args, '--port', '${port}'])}, cwd: ${JSON.stringify(ROOT)} }`,
  `    url: 'http://127.0.0.1:\${port}/mcp'`,
  ...common,
];

/** Server name → the era and revision it must negotiate. */
const MATRIX = {
  'legacy-stdio': ['legacy', '2025-11-25'],
  'legacy-http': ['legacy', '2025-11-25'],
  'modern-stdio': ['modern', '2026-07-28'],
  'modern-http': ['modern', '2026-07-28'],
  // A dual-era server is offered 2026-07-28 first and takes it.
  'dual-stdio': ['modern', '2026-07-28'],
  'dual-http': ['modern', '2026-07-28'],
} as const;

function cli(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/cli/index.ts'), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', CI: '1' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  return new Promise<{ code: number | null; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stderr })),
  );
}

describe('MCP eras (the official SDKs 1.x and v2, stdio and streamable HTTP, the real CLI)', () => {
  it('benchmarks a legacy-only, a 2026-07-28-only and a dual-era server on each transport and records the era', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eras-'));
    const file = join(dir, 'bench.yml');
    const servers = [
      ...stdio('legacy-stdio', ['examples/reference-server/index.ts']),
      ...http('legacy-http', ['test/mcp-servers/subject-reference-v1-http.ts']),
      ...stdio('modern-stdio', [V2, 'stdio', 'modern']),
      ...http('modern-http', [V2, 'http', 'modern']),
      ...stdio('dual-stdio', [V2, 'stdio', 'dual']),
      ...http('dual-http', [V2, 'http', 'dual']),
    ];
    await writeFile(file, ['servers:', ...servers, ''].join('\n'));
    const result = await cli([
      'run',
      '--config',
      file,
      '--scenario',
      'client-diagnosis-001',
      '--scenario',
      'nac-004', // a write: the gate's confirmation (elicitation, or input_required on 2026-07-28)
      '--runs',
      '1',
      '--allow-few-runs',
      '--quiet',
      '--out',
      dir,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    const eras = Object.fromEntries(
      report.servers.map((s: Record<string, unknown>) => [
        s.name,
        [s.protocol_era, s.protocol_version, s.protocol_violations],
      ]),
    );
    expect(eras).toEqual(
      Object.fromEntries(Object.entries(MATRIX).map(([name, [era, v]]) => [name, [era, v, []]])),
    );
    for (const server of report.servers) {
      expect(server.info, server.name).toEqual({ name: 'hpe-reference-mcp', version: '0.1.0' });
    }
    for (const scenario of report.scenarios) {
      for (const r of scenario.results) {
        expect([scenario.id, r.server, r.task_success.pass_rate]).toEqual([
          scenario.id,
          r.server,
          1,
        ]);
      }
    }
    // The write reached the fake on every era: the confirmation came back accepted.
    const nac = report.scenarios.find((s: { id: string }) => s.id === 'nac-004');
    for (const r of nac.results) {
      const writes = r.runs[0].requests.filter((q: { kind: string }) => q.kind === 'write');
      expect(
        writes.map((q: { status: number }) => q.status),
        r.server,
      ).toEqual([201]);
    }
    const summary = await readFile(join(dir, 'summary.md'), 'utf8');
    expect(summary).toContain('`modern-stdio` 2026-07-28 (modern)');
    expect(summary).toContain('`legacy-http` 2025-11-25 (legacy)');
  }, 180_000);
});
