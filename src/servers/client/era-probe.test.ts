// needs: processes
/**
 * The era probe and the `protocol:` setting. The probe waits for a server that is still starting: a 2026-07-28-only server reads its
 * stdin (and so answers `server/discover`) only once it has started, and one that starts slowly
 * must still be taken for modern, not refused after a fallback `initialize` (it was, when the
 * probe gave up after min(10 s, half the start-up limit): secure-ssid at load 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../../fake-central/index.js';
import type { StdioServerConfig } from '../../config/types.js';
import { launchServer } from '../launch/launch-server.js';
import { probeTimeoutMs } from './mcp-session.js';
import {
  REPO_ROOT,
  stdioTestServer,
  testServerArgs,
  workDir,
} from '../../../test/helpers/servers/launch/test-servers.js';

const V2 = 'examples/reference-server/v2/index-v2.ts';

let fake: FakeCentral;
beforeAll(async () => {
  fake = await startFakeCentral();
});
afterAll(() => fake.close());

/** The v2 reference server on stdio, 2026-07-28 only or dual-era. */
function v2Reference(era: 'modern' | 'dual') {
  return stdioTestServer(undefined, {
    args: [...testServerArgs(V2), 'stdio', era],
    env: { CENTRAL_CLIENT_ID: '${fake.clientId}', CENTRAL_CLIENT_SECRET: '${fake.clientSecret}' },
  });
}

/** The v2 reference server, 2026-07-28 only, after `sleep` seconds of silence. */
function slowModern(sleep: number, startupMs: number) {
  const node = JSON.stringify(process.execPath);
  return stdioTestServer(undefined, {
    command: 'sh',
    args: ['-c', `sleep ${sleep}; exec ${node} ${testServerArgs(V2).join(' ')} stdio modern`],
    env: { CENTRAL_CLIENT_ID: '${fake.clientId}', CENTRAL_CLIENT_SECRET: '${fake.clientSecret}' },
    timeouts: { startupMs, callMs: 5_000, scenarioMs: 30_000 },
  });
}

/** Launches `config` unsandboxed against the shared fake (a read scenario's gate). */
async function launch(name: string, config: StdioServerConfig) {
  return launchServer({
    name,
    config,
    fake,
    writeGate: 'read',
    workDir: await workDir(),
    baseDir: REPO_ROOT,
    sandbox: 'off',
  });
}

describe.concurrent('the era probe', () => {
  it('leaves a quarter of the start-up limit, at most 15 s, for the fallback handshake', () => {
    expect(probeTimeoutMs(120_000)).toBe(105_000);
    expect(probeTimeoutMs(12_000)).toBe(9_000);
    expect(probeTimeoutMs(1)).toBe(1);
  });

  it('takes a slow-starting 2026-07-28-only server for modern', async () => {
    // Silent for 10.5 s, then the v2 reference server: past the old probe (half the limit, at
    // most 10 s); the new one waits 15 s, which leaves 4.5 s to load the server (its bundle) under load.
    const start = `sleep 10.5; exec ${JSON.stringify(process.execPath)} ${testServerArgs(V2).join(' ')} stdio modern`;
    const session = await launch(
      'slow-modern',
      stdioTestServer(undefined, {
        command: 'sh',
        args: ['-c', start],
        env: {
          CENTRAL_CLIENT_ID: '${fake.clientId}',
          CENTRAL_CLIENT_SECRET: '${fake.clientSecret}',
        },
        timeouts: { startupMs: 20_000, callMs: 5_000, scenarioMs: 30_000 },
      }),
    );
    try {
      expect(session.protocolEra?.()).toBe('modern');
      expect(session.protocolVersion?.()).toBe('2026-07-28');
      expect(session.startupMs).toBeGreaterThan(6_500);
      expect(session.tools.length).toBeGreaterThan(0);
    } finally {
      await session.close();
    }
  }, 30_000);

  it('names the late probe answer and the fix when the server starts past the probe', async () => {
    const error = await launch('too-slow-modern', slowModern(7.6, 10_000)).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(
      /answered the MCP era probe \(server\/discover\) after the probe's 7500 ms wait: raise timeouts\.startupMs/,
    );
  }, 30_000);

  it('speaks the 2025 handshake to a dual-era server under protocol: legacy', async () => {
    const session = await launch('dual-as-legacy', { ...v2Reference('dual'), protocol: 'legacy' });
    try {
      expect(session.protocolEra?.()).toBe('legacy');
      expect(session.protocolVersion?.()).toBe('2025-11-25');
    } finally {
      await session.close();
    }
  }, 30_000);

  it('refuses a 2025-era server under protocol: modern, naming the setting', async () => {
    const error = await launch(
      'legacy-as-modern',
      stdioTestServer(undefined, { protocol: 'modern' }),
    ).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(
      /legacy-as-modern failed to start: .*pinned protocol version 2026-07-28.*; the bench config sets protocol: modern/,
    );
  }, 30_000);
});
