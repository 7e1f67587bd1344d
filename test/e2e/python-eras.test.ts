// needs: processes
/**
 * Python subjects on both lines of the official MCP Python SDK: examples/python-reference-server
 * from `.venv` (`mcp` 1.x, FastMCP) and from `.venv-mcp2` (`mcp` 2.x, MCPServer), each over stdio
 * and streamable HTTP, benchmarked through the real CLI against a real fake (their read tools
 * call the fake's API through the proxy); the report records each server's era (1.x: legacy,
 * 2.x: modern). The SDK 2.x Python client shows what each line serves apart from the harness
 * (2.x: the 2026-07-28 era too; 1.x: the handshake only), and the 2.x server's large reply goes
 * through the sandbox's stdio like the 1.x one's does in src/servers/launch/sandbox/stdio-pipes.test.ts.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startFakeCentral } from '../../fake-central/index.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { freePort } from '../../src/servers/launch/free-port.js';
import { launchServer } from '../../src/servers/launch/launch-server.js';
import { stdioTestServer, workDir } from '../helpers/servers/launch/test-servers.js';
import { waitForHttp } from '../../src/servers/launch/wait-for-http.js';
import { spawnCli } from '../helpers/run-cli.js';
import { SANDBOX_SKIP } from '../helpers/sandbox-support.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVER = 'examples/python-reference-server/server.py';
/** The interpreter of each SDK line (scripts/ensure-python-venv.ts makes both venvs). */
const LINES = { mcp1: join(ROOT, '.venv/bin/python'), mcp2: join(ROOT, '.venv-mcp2/bin/python') };
const SCENARIO = 'client-diagnosis-001';

/** One bench-config entry: the reference server of `line` over `transport`. */
function entry(line: keyof typeof LINES, transport: 'stdio' | 'http'): string[] {
  const common = [
    '    scenarioKey: reference',
    "    env: { CENTRAL_CLIENT_ID: '${fake.clientId}', CENTRAL_CLIENT_SECRET: '${fake.clientSecret}' }",
    '    timeouts: { startupMs: 30000, callMs: 30000, scenarioMs: 60000 }',
  ];
  const command = JSON.stringify(LINES[line]);
  if (transport === 'stdio') {
    return [
      `  ${line}-stdio:`,
      '    transport: stdio',
      `    command: ${command}`,
      `    args: [${SERVER}]`,
      `    cwd: ${JSON.stringify(ROOT)}`,
      ...common,
    ];
  }
  return [
    `  ${line}-http:`,
    '    transport: http',
    `    start: { command: ${command}, args: [${SERVER}, --transport, streamable-http, --port, '\${port}'], cwd: ${JSON.stringify(ROOT)} }`,
    "    url: 'http://127.0.0.1:${port}/mcp'",
    ...common,
  ];
}

/** The SDK 2.x Python client's view of a server (test/clients/mcp2_era_probe.py). */
async function probe(mode: string, transport: 'stdio' | 'http', target: string) {
  const { stdout } = await promisify(execFile)(
    LINES.mcp2,
    [join(ROOT, 'test/clients/mcp2_era_probe.py'), mode, transport, target],
    { cwd: ROOT, timeout: 60_000, env: { PATH: process.env.PATH ?? '' } },
  );
  return JSON.parse(stdout) as { protocol_version?: string; tools?: number; error?: string };
}

/** The 2.x server over streamable HTTP on a free port until `use` settles. */
async function withHttpServer<T>(use: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const child = spawn(LINES.mcp2, [SERVER, '--transport', 'streamable-http', '--port', `${port}`], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH ?? '',
      CENTRAL_CLIENT_ID: 'probe',
      CENTRAL_CLIENT_SECRET: 'probe',
    },
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    const deadline = performance.now() + 30_000;
    expect(await waitForHttp(url, { deadline, pollMs: 100, exited })).toBe('ready');
    return await use(url);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('Python MCP SDK lines (the Python reference server on mcp 1.x and 2.x)', () => {
  it('benchmarks each line over stdio and streamable HTTP through the real CLI, tools answering from the fake', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'python-eras-'));
    const file = join(dir, 'bench.yml');
    const names = ['mcp1-stdio', 'mcp1-http', 'mcp2-stdio', 'mcp2-http'];
    await writeFile(
      file,
      [
        'servers:',
        ...entry('mcp1', 'stdio'),
        ...entry('mcp1', 'http'),
        ...entry('mcp2', 'stdio'),
        ...entry('mcp2', 'http'),
        '',
      ].join('\n'),
    );
    const result = await spawnCli([
      'run',
      '--config',
      file,
      '--scenario',
      SCENARIO,
      '--runs',
      '1',
      '--allow-few-runs',
      '--sweep',
      'off',
      '--quiet',
      '--out',
      dir,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.servers.map((s: { name: string }) => s.name)).toEqual(names);
    for (const server of report.servers) {
      expect(server.info, server.name).toEqual({ name: 'hpe-reference-mcp-py', version: '0.1.0' });
      // The harness's client negotiates (server/discover first, else initialize): the 2.x line
      // takes 2026-07-28 on both transports, the 1.x line answers the 2025 handshake.
      const modern = server.name.startsWith('mcp2');
      expect(server, server.name).toMatchObject({
        protocol_version: modern ? '2026-07-28' : '2025-11-25',
        protocol_era: modern ? 'modern' : 'legacy',
        protocol_violations: [],
      });
    }
    // The SDK line and the transport change nothing the model sees: the same 18-tool menu.
    const menus = report.servers.map((s: { menu: { tool_count: number; total: number } }) => ({
      tool_count: s.menu.tool_count,
      total: s.menu.total,
    }));
    expect(menus[0].tool_count).toBe(18);
    expect(menus).toEqual(Array.from({ length: 4 }, () => menus[0]));
    const [scenario] = report.scenarios;
    expect(scenario.id).toBe(SCENARIO);
    for (const name of names) {
      const runs = scenario.results.find((r: { server: string }) => r.server === name)?.runs;
      expect(runs, name).toHaveLength(1);
      const [run] = runs;
      expect(run, name).toMatchObject({ status: 'ok', stop_reason: 'final', task_success: true });
      // Real tool calls: the token and the reads reached the fake.
      expect(run.api_calls.auth_calls, name).toBe(1);
      expect(run.api_calls.by_kind.read, name).toBeGreaterThan(0);
    }
  }, 180_000);

  it('mcp 2.x also serves 2026-07-28 over stdio and HTTP; mcp 1.x only the handshake (the SDK 2.x Python client)', async () => {
    const [modernStdio, modernHttp, legacyLine] = await Promise.all([
      probe('2026-07-28', 'stdio', LINES.mcp2),
      withHttpServer((url) => probe('2026-07-28', 'http', url)),
      probe('2026-07-28', 'stdio', LINES.mcp1),
    ]);
    expect(modernStdio).toEqual({ protocol_version: '2026-07-28', tools: 18 });
    expect(modernHttp).toEqual({ protocol_version: '2026-07-28', tools: 18 });
    expect(legacyLine.protocol_version).toBeUndefined();
    expect(legacyLine.error).toMatch(/MCPError/);
  }, 120_000);

  it('relays a 1.5 MB tool result from an mcp 2.x server over stdio on 2026-07-28, through the sandbox', async () => {
    const fake = await startFakeCentral();
    const session = await launchServer({
      name: 'mcp2-big',
      config: stdioTestServer(undefined, {
        command: LINES.mcp2,
        args: ['test/mcp-servers/fastmcp-stdio-server.py'],
        timeouts: { startupMs: 20_000, callMs: 20_000, scenarioMs: 60_000 },
      }),
      fake,
      writeGate: 'read',
      workDir: await workDir(),
      baseDir: `${ROOT}/`,
      // Where the sandbox exists (always under CI: sandbox-support.ts), the reply crosses it.
      sandbox: SANDBOX_SKIP === null ? 'on' : 'off',
    });
    try {
      const size = 1536 * 1024;
      const outcome = await session.callTool({ name: 'big', arguments: { size } }, () => {});
      expect(outcome.protocolError).toBeUndefined();
      const text = (outcome.content[0] as { text?: string } | undefined)?.text ?? '';
      expect(text.length).toBe(size);
      expect(text.slice(0, 32)).toBe('0123456789abcdef0123456789abcdef');
      expect(session.takeProtocolViolations?.()).toEqual([]);
      // The harness's client and the 2.x server settle on the 2026-07-28 era: the reply went
      // out as a per-request-envelope response, not over an initialized session.
      expect(session.protocolEra?.()).toBe('modern');
      expect(session.protocolVersion?.()).toBe('2026-07-28');
    } finally {
      await session.close();
      await fake.close();
    }
  }, 120_000);
});
