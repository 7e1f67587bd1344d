// needs: processes
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/index.js';
import { launchServer } from '../../src/servers/launch/launch-server.js';
import { resolveSandbox } from '../../src/servers/launch/sandbox/probe-sandbox.js';
import { REPO_ROOT, stdioTestServer, workDir } from '../helpers/servers/launch/test-servers.js';
import type { ServerSession } from '../../src/servers/types.js';
import type { SandboxMode } from '../../src/config/types.js';
import { bundledArgs } from '../helpers/bundled-servers.js';

// The control API can reset the fake, read the call log and change faults: a server under test
// that reached it could forge its own benchmark. These launch a probe the way `run` launches a
// server (launchServer, the fake's serverEnv, sandboxed or not) and let it try every route.

const probe = stdioTestServer(undefined, {
  args: bundledArgs(['--import', 'tsx', 'test/mcp-servers/control-probe-server.ts']),
});

let fake: FakeCentral;
const sessions: ServerSession[] = [];
beforeAll(async () => {
  fake = await startFakeCentral({ fixture: 'site-a', control: true });
});
afterAll(async () => {
  await fake.close();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
});

async function attempt(sandbox: SandboxMode): Promise<Record<string, unknown>> {
  const session = await launchServer({
    name: 'control-probe',
    config: probe,
    fake,
    writeGate: 'read',
    workDir: await workDir(),
    baseDir: REPO_ROOT,
    sandbox,
  });
  sessions.push(session);
  const outcome = await session.callTool(
    { name: 'attempt', arguments: { url: fake.control?.url, path: '/_fake/info' } },
    () => {},
  );
  return JSON.parse((outcome.content[0] as { text: string }).text) as Record<string, unknown>;
}

/**
 * The sources that may start the fake with its control API (never src/run, src/action): the
 * fake-central command and the npm entry's folder (its index and the check of its options).
 */
const mayTurnControlOn = (file: string): boolean =>
  file === 'cli/commands/fake-central.ts' || file.startsWith('fake-central-package/');

describe('the control API is off in run and the action', () => {
  it('only the fake-central command and the npm entry turn it on', () => {
    const sources = readdirSync(join(REPO_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      // `control:` as an option key (startFakeCentral({ control: … })): first on its line or after
      // `{` or `,`; not a variable named control, nor prose ("network access control: …").
      .filter((f) =>
        /(^\s*|[{,]\s*)control\s*:/m.test(readFileSync(join(REPO_ROOT, 'src', f), 'utf8')),
      );
    expect(sources.filter((f) => !mayTurnControlOn(f))).toEqual([]);
    // The entries that do turn it on are still found (the scan itself works).
    expect(sources).toEqual(
      expect.arrayContaining(['cli/commands/fake-central.ts', 'fake-central-package/index.ts']),
    );
  });
});

describe('the control API is out of reach of a server under test', () => {
  it('unsandboxed: no token to send, and the proxy will not carry it there', async () => {
    const before = fake.calls().length;
    const outcome = await attempt('off');
    expect(outcome).toEqual({
      direct: '401',
      viaProxy: '403',
      tunnel: 'HTTP/1.1 403 Forbidden',
      asApiHost: expect.not.stringMatching(/^2/),
      envHasControl: false,
    });
    // The proxy refusals are on the call log as network escapes, naming the control port.
    const escapes = fake
      .calls()
      .slice(before)
      .filter((c) => c.kind === 'escape');
    expect(escapes.map((c) => `${c.method} ${c.host}`)).toEqual([
      'GET 127.0.0.1',
      'CONNECT 127.0.0.1',
    ]);
    expect(escapes[0]?.path).toBe('/_fake/info');
    // Nothing reset the fake: the probe's own calls are still logged.
    expect(fake.calls().length).toBeGreaterThan(before);
  }, 60_000);

  it.runIf(process.platform === 'linux')(
    'sandboxed (bubblewrap): the control port does not exist inside',
    async () => {
      expect((await resolveSandbox('auto')).applied).toBe(true);
      const outcome = await attempt('on');
      expect(outcome).toEqual({
        direct: 'ECONNREFUSED',
        viaProxy: '403',
        tunnel: 'HTTP/1.1 403 Forbidden',
        asApiHost: expect.not.stringMatching(/^2/),
        envHasControl: false,
      });
    },
    60_000,
  );
});
