// needs: processes
/**
 * The server's stdio behaves like a plain pipe, sandboxed or not: real servers on the official
 * SDKs (Python FastMCP from the venv `npm test` prepares, and the TypeScript SDK) answer a
 * 256 KB and a 1 MB reply, a burst of small messages and notifications interleaved, five runs
 * each, with the same results in both modes. A Python server writes with ordinary blocking
 * writes, so a non-blocking stdout (a file description shared with a Node process, which sets
 * O_NONBLOCK on pipes it opens) makes a large reply fail with EAGAIN. The third
 * server proves it: a Node preload in the server's environment (NODE_OPTIONS) that opens
 * process.stdout a moment after start. Python ignores it; a Node process that ran it while
 * sharing the server's stdio (the sandbox's forwarder used to: it inherited the server's
 * environment and gave it its own fds 0–2) would make the server's stdout non-blocking.
 * A test's five runs are five servers at once (each its own session and pipes): one after the
 * other, the file's thirty runs took 72 s of the processes project, most of it waiting.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../../../fake-central/index.js';
import type { SandboxMode, StdioServerConfig } from '../../../config/types.js';
import { launchServer } from '../launch-server.js';
import {
  REPO_ROOT,
  stdioTestServer,
  workDir,
} from '../../../../test/helpers/servers/launch/test-servers.js';
import type { ServerSession } from '../../types.js';
import { SANDBOX_SKIP } from '../../../../test/helpers/sandbox-support.js';
import { bundledArgs } from '../../../../test/helpers/bundled-servers.js';

const O_NONBLOCK = 0o4000;
const RUNS = 5;
const SERVERS: Record<string, StdioServerConfig> = {
  fastmcp: stdioTestServer(undefined, {
    command: `${REPO_ROOT}.venv/bin/python`,
    args: ['test/mcp-servers/fastmcp-stdio-server.py'],
    timeouts: { startupMs: 20_000, callMs: 10_000, scenarioMs: 60_000 },
  }),
  'fastmcp beside a Node preload': stdioTestServer(undefined, {
    command: `${REPO_ROOT}.venv/bin/python`,
    args: ['test/mcp-servers/fastmcp-stdio-server.py'],
    env: { NODE_OPTIONS: `--import ${REPO_ROOT}test/mcp-servers/touch-stdio.mjs` },
    timeouts: { startupMs: 20_000, callMs: 10_000, scenarioMs: 60_000 },
  }),
  'ts-sdk': stdioTestServer(undefined, {
    args: bundledArgs(['--import', 'tsx', 'test/mcp-servers/sdk-stdio-server.ts']),
    timeouts: { startupMs: 20_000, callMs: 10_000, scenarioMs: 60_000 },
  }),
};

let fake: FakeCentral;
beforeAll(async () => {
  fake = await startFakeCentral();
});
afterAll(async () => {
  await fake.close();
});

async function call(session: ServerSession, name: string, args: Record<string, unknown> = {}) {
  const outcome = await session.callTool({ name, arguments: args }, () => {});
  if (outcome.protocolError) return `protocol error: ${outcome.protocolError}`;
  return (outcome.content[0] as { text?: string } | undefined)?.text ?? '';
}

/** One run: every exchange's outcome, condensed so the two modes can be compared. */
async function oneRun(config: StdioServerConfig, sandbox: SandboxMode): Promise<string[]> {
  const session = await launchServer({
    name: 'stdio',
    config,
    fake,
    writeGate: 'read',
    workDir: await workDir(),
    baseDir: REPO_ROOT,
    sandbox,
  });
  try {
    // Past the preload's 500 ms (counted from the start of any Node process that runs it).
    await sleep(700);
    const flags = JSON.parse(await call(session, 'fd_flags')) as Record<string, number>;
    const results = [
      `blocking stdio: ${[0, 1, 2].map((fd) => ((flags[fd] ?? -1) & O_NONBLOCK) === 0).join(',')}`,
    ];
    for (const size of [256 * 1024, 1024 * 1024]) {
      const reply = await call(session, 'big', { size });
      results.push(`big ${size}: ${reply.length === size ? 'ok' : reply.slice(0, 200)}`);
    }
    // Notifications interleaved with replies, and a burst of small calls in flight at once.
    results.push(`chatty: ${await call(session, 'chatty', { count: 300 })}`);
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(session, 'big', { size: 10 + i })),
    );
    results.push(`burst: ${burst.every((r, i) => r.length === 10 + i) ? 'ok' : 'broken'}`);
    return results;
  } finally {
    await session.close();
  }
}

const EXPECTED = [
  'blocking stdio: true,true,true',
  'big 262144: ok',
  'big 1048576: ok',
  'chatty: sent 300',
  'burst: ok',
];

describe.skipIf(SANDBOX_SKIP !== null)('stdio through the sandbox', () => {
  for (const [name, config] of Object.entries(SERVERS)) {
    for (const sandbox of ['off', 'on'] as const) {
      it(`${name}, sandbox ${sandbox}: ${RUNS} runs with large replies, bursts and notifications`, async () => {
        const runs = await Promise.all(Array.from({ length: RUNS }, () => oneRun(config, sandbox)));
        const expected = name === 'ts-sdk' ? EXPECTED.slice(1) : EXPECTED;
        // A Node server sets O_NONBLOCK on its own stdout; only Python's flags are asserted.
        expect(runs.map((r) => (name === 'ts-sdk' ? r.slice(1) : r))).toEqual(
          Array.from({ length: RUNS }, () => expected),
        );
      }, 180_000);
    }
  }
});
