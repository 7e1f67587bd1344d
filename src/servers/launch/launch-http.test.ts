// needs: processes
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../../fake-central/index.js';
import type { HttpServerConfig } from '../../config/types.js';
import { BenchError } from '../../common/errors.js';
import type { WriteGate } from '../../scenarios/types.js';
import { launchServer } from './launch-server.js';
import {
  HARNESS_CANARIES,
  httpTestServer,
  REPO_ROOT,
  workDir,
} from '../../../test/helpers/servers/launch/test-servers.js';
import type { ServerSession } from '../types.js';

let fake: FakeCentral;
const sessions: ServerSession[] = [];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  fake = await startFakeCentral();
  for (const [key, value] of Object.entries(HARNESS_CANARIES)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
});
afterAll(async () => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await fake.close();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function launch(config: HttpServerConfig, writeGate: WriteGate = 'read') {
  const session = await launchServer({
    name: 'http-test',
    config,
    fake,
    writeGate,
    workDir: await workDir(),
    baseDir: REPO_ROOT,
  });
  sessions.push(session);
  return session;
}

const textOf = (content: unknown[]): string =>
  content.map((c) => (c as { text?: string }).text ?? '').join('');

describe('launchServer over streamable HTTP', () => {
  it('starts the server, waits for the endpoint, and speaks MCP to it', async () => {
    // The server binds only after 400 ms: readiness polling must wait for it.
    const session = await launch(
      httpTestServer(['--delay-ms', '400'], { env: { MCP_PORT: '${port}' } }),
    );
    expect(session.serverInfo).toEqual({ name: 'servers-http-test', version: '0.9.0' });
    expect(session.tools.map((t) => t.name)).toEqual(['env', 'confirm', 'crash']);
    expect(session.startupMs).toBeGreaterThanOrEqual(400);
    // The wire check sees the HTTP transport's messages too: the negotiated version, no violations.
    expect(session.protocolVersion?.()).toBe('2025-11-25');

    const outcome = await session.callTool({ name: 'env', arguments: {} }, () => undefined);
    expect(session.takeProtocolViolations?.()).toEqual([]);
    const env = JSON.parse(textOf(outcome.content)) as Record<string, string>;
    for (const [key, value] of Object.entries(HARNESS_CANARIES)) {
      expect(env).not.toHaveProperty(key);
      expect(JSON.stringify(env)).not.toContain(value);
    }
    expect(env.HTTPS_PROXY).toBe(fake.proxyUrl);
    const url = `http://127.0.0.1:${Number(env.MCP_PORT)}/mcp`;
    expect((await fetch(url)).status).toBeGreaterThanOrEqual(400); // served, but needs a session

    await session.close();
    // The start command's process group is gone: nothing listens on the port any more.
    await expect(fetch(url)).rejects.toThrow('fetch failed');
  });

  it('answers elicitations per the gate and reports them', async () => {
    const events: string[] = [];
    const write = await launch(httpTestServer(), 'write');
    const accepted = await write.callTool({ name: 'confirm', arguments: {} }, (message, action) =>
      events.push(`${action}: ${message}`),
    );
    expect(JSON.parse(textOf(accepted.content))).toEqual({
      action: 'accept',
      content: { approve: true },
    });
    const read = await launch(httpTestServer(), 'read');
    const declined = await read.callTool({ name: 'confirm', arguments: {} }, (message, action) =>
      events.push(`${action}: ${message}`),
    );
    expect(JSON.parse(textOf(declined.content))).toEqual({ action: 'decline' });
    expect(events).toEqual(['accept: Reboot AP CNXXXX?', 'decline: Reboot AP CNXXXX?']);
  });

  it('reports a server that exits mid-call with its code and output', async () => {
    const session = await launch(httpTestServer());
    const started = performance.now();
    const outcome = await session.callTool({ name: 'crash', arguments: {} }, () => undefined);
    expect(outcome.protocolError).toMatch(
      /^the server exited with code 5 during the call; stderr:\n[^]*http server: fatal error in handler$/,
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('fails start-up when the server exits before its endpoint answers', async () => {
    const error = await launch(httpTestServer(['--exit-at-start'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).message).toMatch(
      /^http-test exited with code 4 before http:\/\/127\.0\.0\.1:\d+\/mcp answered$/,
    );
    expect((error as BenchError).hint).toBe('output tail:\ncannot bind: address already in use');
  });

  it('fails start-up when the endpoint never answers within startupMs', async () => {
    const config = httpTestServer(['--delay-ms', '60000'], {
      timeouts: { startupMs: 3000, callMs: 1000, scenarioMs: 10_000 },
    });
    const started = performance.now();
    const error = await launch(config).catch((e: unknown) => e);
    expect((error as BenchError).code).toBe('server_failed');
    expect((error as BenchError).message).toMatch(
      /^http-test did not start within 3000ms \(http:\/\/127\.0\.0\.1:\d+\/mcp never answered\)$/,
    );
    expect(performance.now() - started).toBeLessThan(6000);
  });
});
