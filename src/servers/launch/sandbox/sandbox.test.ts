// needs: processes
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  goneTagged,
  HARNESS_CANARIES,
  pidsTagged,
  REPO_ROOT,
  stdioTestServer,
  uniqueTag,
} from '../../../../test/helpers/servers/launch/test-servers.js';
import type { ServerSession } from '../../types.js';
import { resolveSandbox } from './probe-sandbox.js';
import type { SandboxMode } from '../../../config/types.js';
import { SANDBOX_SKIP } from '../../../../test/helpers/sandbox-support.js';
import { useLaunchHarness } from '../../../../test/helpers/servers/launch/launch-harness.js';
import { bundledArgs } from '../../../../test/helpers/bundled-servers.js';

const run = promisify(execFile);
const probeServer = stdioTestServer(undefined, {
  args: bundledArgs(['--import', 'tsx', 'test/mcp-servers/sandbox-probe-server.ts']),
});

const harness = useLaunchHarness('probe');
const launch = (sandbox: SandboxMode): Promise<ServerSession> =>
  harness.launch(probeServer, 'read', 'probe', { sandbox });

async function call(session: ServerSession, name: string, args: Record<string, unknown> = {}) {
  const outcome = await session.callTool({ name, arguments: args }, () => {});
  expect(outcome.protocolError).toBeUndefined();
  return (outcome.content[0] as { text: string }).text;
}

/** A harness process with the canaries in its initial environment, as on a runner. */
async function environsReadUnder(sandbox: SandboxMode): Promise<{
  read: Record<string, string>;
  pids: string[];
}> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'test/helpers/sandbox-harness.ts', sandbox],
    { cwd: REPO_ROOT, env: { ...process.env, ...HARNESS_CANARIES }, timeout: 60_000 },
  );
  return JSON.parse(stdout) as { read: Record<string, string>; pids: string[] };
}

describe.skipIf(SANDBOX_SKIP !== null)('the server sandbox (bubblewrap)', () => {
  it('is available on this machine (CI installs bubblewrap)', async () => {
    expect(await resolveSandbox('auto')).toMatchObject({
      applied: true,
      reason: null,
      unix_sockets: ['x64', 'arm64'].includes(process.arch)
        ? 'blocked'
        : expect.stringMatching(/^reachable/),
    });
  });

  it('hides the harness: /proc/$PPID/environ, /proc/1/environ and a /proc scan hold no secret', async () => {
    const bare = await environsReadUnder('off');
    // Without the sandbox the attack works: the harness's own environ is readable.
    const bareText = Object.values(bare.read).join('\n');
    expect(bareText).toContain(HARNESS_CANARIES.GITHUB_TOKEN);

    const boxed = await environsReadUnder('on');
    const text = Object.values(boxed.read).join('\n');
    for (const secret of Object.values(HARNESS_CANARIES)) expect(text).not.toContain(secret);
    // It did read something: its own namespace's processes (bwrap's init, the forwarder, itself).
    expect(boxed.pids.length).toBeGreaterThanOrEqual(2);
    expect(boxed.pids.length).toBeLessThan(10);
    // The server's own environ; bwrap (pid 1) and the forwarder (2) run with PATH (and PWD).
    expect(Object.values(boxed.read).some((e) => e.includes('HTTPS_PROXY='))).toBe(true);
    for (const pid of ['1', '2']) expect(boxed.read[pid]).not.toContain('HTTPS_PROXY=');
  }, 120_000);

  it('blocks and counts connections that bypass the proxy; the proxy itself still works', async () => {
    const session = await launch('on');
    expect(session.blockedConnections?.()).toBe(0);
    expect(await call(session, 'connect_direct', { host: '192.0.2.10', port: 443 })).toBe(
      'ENETUNREACH',
    );
    expect(await call(session, 'connect_direct', { host: '2001:db8::10', port: 443 })).toBe(
      'ENETUNREACH',
    );
    expect(
      await call(session, 'connect_direct', { host: '198.51.100.7', port: 53, udp: true }),
    ).toBe('ENETUNREACH');
    expect(session.blockedConnections?.()).toBe(3);
    // The proxy (through the relay) refuses a foreign host and logs the escape.
    harness.fake.reset();
    expect(await call(session, 'connect_proxy', { host: 'exfil.example.com' })).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    expect(harness.fake.calls()).toMatchObject([{ kind: 'escape', host: 'exfil.example.com' }]);
    expect(await call(session, 'connect_proxy', { host: 'sso.common.cloud.hpe.com' })).toBe(
      'HTTP/1.1 200 Connection Established',
    );
  });

  it('keeps the count read after close() (nsenter, asynchronously, as the namespace ends)', async () => {
    const session = await launch('on');
    expect(await call(session, 'connect_direct', { host: '192.0.2.10', port: 443 })).toBe(
      'ENETUNREACH',
    );
    expect(
      await call(session, 'connect_direct', { host: '198.51.100.7', port: 53, udp: true }),
    ).toBe('ENETUNREACH');
    await session.close();
    expect(session.blockedConnections?.()).toBe(2);
  });

  it('connects bare when the sandbox is off (what the sandbox prevents), and counts nothing', async () => {
    const session = await launch('off');
    expect(await call(session, 'connect_direct', { host: '127.0.0.1', port: 9 })).toBe(
      'ECONNREFUSED',
    );
    expect(session.blockedConnections?.()).toBeUndefined();
  });

  it('leaves nothing behind: a setsid() grandchild dies when the server exits on its own', async () => {
    const session = await launch('on');
    const tag = uniqueTag();
    await call(session, 'spawn_detached', { tag });
    expect(pidsTagged(tag)).toHaveLength(1);
    await call(session, 'exit', { code: 0 });
    // No close() yet: the PID namespace ends with its init, and takes the grandchild along.
    expect(await goneTagged(tag)).toBe(true);
    // The counters survive the namespace (the forwarder left a copy).
    expect(session.blockedConnections?.()).toBe(0);
  });

  it('leaves nothing behind: a setsid() grandchild dies with close()', async () => {
    const session = await launch('on');
    const tag = uniqueTag();
    await call(session, 'spawn_detached', { tag });
    expect(pidsTagged(tag)).toHaveLength(1);
    await session.close();
    expect(await goneTagged(tag)).toBe(true);
  });
});
