// needs: processes
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElicitationEvent, ToolCallOutcome } from '../../trajectory/types.js';
import type { ServerConfig } from '../../config/types.js';
import { BenchError } from '../../common/errors.js';
import { launchServer } from './launch-server.js';
import { probeTimeoutMs } from '../client/mcp-session.js';
import {
  HARNESS_CANARIES,
  REPO_ROOT,
  stdioTestServer,
  workDir,
  goneTagged,
  pidsTagged,
  uniqueTag,
} from '../../../test/helpers/servers/launch/test-servers.js';
import { useLaunchHarness } from '../../../test/helpers/servers/launch/launch-harness.js';
import type { ServerSession } from '../types.js';
import { SANDBOX_SKIP } from '../../../test/helpers/sandbox-support.js';

const harness = useLaunchHarness('servers-test');
const { launch } = harness;

async function call(
  session: ServerSession,
  name: string,
  args: Record<string, unknown> = {},
): Promise<
  ToolCallOutcome & { text: string; elicitations: Omit<ElicitationEvent, 'callIndex'>[] }
> {
  const elicitations: Omit<ElicitationEvent, 'callIndex'>[] = [];
  const outcome = await session.callTool({ name, arguments: args }, (message, action) =>
    elicitations.push({ message, action }),
  );
  const text = outcome.content
    .map((c) => ((c as { type: string }).type === 'text' ? (c as { text: string }).text : ''))
    .join('');
  return { ...outcome, text, elicitations };
}

async function launchFailure(config: ServerConfig, name = 'servers-test'): Promise<BenchError> {
  const error = await launch(config, 'read', name).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BenchError);
  expect((error as BenchError).code).toBe('server_failed');
  return error as BenchError;
}

describe('launchServer over stdio', () => {
  it('reports serverInfo, every page of tools/list and the start-up time', async () => {
    const session = await launch(stdioTestServer());
    expect(session.serverInfo).toEqual({ name: 'servers-stdio-test', version: '1.2.3' });
    // Two tools per page: four tools/list requests.
    expect(session.tools.map((t) => t.name)).toEqual([
      'env',
      'echo',
      'sleep',
      'crash',
      'spawn_grandchild',
      'confirm',
      'garbage_then_hang',
      'fail',
    ]);
    expect(session.tools[0]).toEqual({
      name: 'env',
      description: 'The environment this process sees.',
      inputSchema: { type: 'object', properties: {} },
    });
    expect(session.startupMs).toBeGreaterThan(0);
  });

  it('negotiates the 2025 era with a server on SDK 1.x (server/discover refused, then initialize)', async () => {
    const session = await launch(stdioTestServer());
    expect([session.protocolEra?.(), session.protocolVersion?.()]).toEqual([
      'legacy',
      '2025-11-25',
    ]);
    expect(session.takeProtocolViolations?.()).toEqual([]);
  });

  it('takes a server silent to server/discover for a 2025 one after the probe’s wait', async () => {
    // The probe waits all of the start-up limit but a quarter, then initialize follows on the pipe.
    const startupMs = 6000;
    const session = await launch(
      stdioTestServer(undefined, {
        args: ['--import', 'tsx', 'test/mcp-servers/silent-probe-server.ts'],
        timeouts: { startupMs, callMs: 5000, scenarioMs: 20_000 },
      }),
    );
    expect([session.protocolEra?.(), session.protocolVersion?.()]).toEqual([
      'legacy',
      '2025-11-25',
    ]);
    expect(session.startupMs).toBeGreaterThanOrEqual(probeTimeoutMs(startupMs));
    expect(session.startupMs).toBeLessThan(startupMs);
    expect((await call(session, 'echo', { text: 'hi' })).text).toBe('{"text":"hi"}');
  });

  it('starts a server that exits on server/discover again, for the 2025 handshake only', async () => {
    const session = await launch(
      stdioTestServer(undefined, {
        args: ['--import', 'tsx', 'test/mcp-servers/silent-probe-server.ts', 'exit'],
      }),
    );
    expect([session.protocolEra?.(), session.protocolVersion?.()]).toEqual([
      'legacy',
      '2025-11-25',
    ]);
    expect(session.serverInfo.name).toBe('silent-probe');
    expect((await call(session, 'echo', { text: 'again' })).text).toBe('{"text":"again"}');
  });

  it('returns content, structuredContent and isError as the server sent them', async () => {
    const session = await launch(stdioTestServer());
    const echo = await call(session, 'echo', { text: 'hi' });
    expect(echo).toMatchObject({ text: 'hi', structuredContent: { text: 'hi' }, isError: false });
    expect(echo.protocolError).toBeUndefined();
    expect(await call(session, 'fail')).toMatchObject({ text: 'the API said no', isError: true });
    const unknown = await call(session, 'no_such_tool');
    expect(unknown.protocolError).toContain('unknown tool no_such_tool');
    // A JSON-RPC error the server answered names its code (the agent loop tells it from a dead server).
    expect(unknown.protocolError).toMatch(/^MCP error -32\d{3}: /);
  });

  describe('environment hygiene', () => {
    const saved: Record<string, string | undefined> = {};
    beforeAll(() => {
      for (const [key, value] of Object.entries({ ...HARNESS_CANARIES, MY_LICENSE: 'lic-42' })) {
        saved[key] = process.env[key];
        process.env[key] = value;
      }
    });
    afterAll(() => {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    });

    const config = stdioTestServer(undefined, {
      env: {
        CENTRAL_BASE_URL: '${fake.url}',
        CENTRAL_CLIENT_SECRET: '${fake.clientSecret}',
        // The one variable of the job's environment the config names: only it passes through.
        LICENSE_KEY: 'key=${env.MY_LICENSE}',
      },
      gates: { write: { WRITE_FLAG: '1' } },
    });

    it('gives the server exactly its configured, gate, fake and base variables', async () => {
      const session = await launch(config, 'read');
      const env = JSON.parse((await call(session, 'env')).text) as Record<string, string>;
      for (const [key, value] of Object.entries(HARNESS_CANARIES)) {
        expect(process.env[key]).toBe(value); // the harness really holds them
        expect(env).not.toHaveProperty(key);
        expect(JSON.stringify(env)).not.toContain(value);
      }
      expect(Object.keys(env).sort()).toEqual(
        [
          'PATH',
          'HOME',
          'TMPDIR',
          'LANG',
          ...Object.keys(harness.fake.serverEnv()),
          'CENTRAL_BASE_URL',
          'CENTRAL_CLIENT_SECRET',
          'LICENSE_KEY',
        ].sort(),
      );
      expect(env).toMatchObject({
        ...harness.fake.serverEnv(),
        CENTRAL_BASE_URL: harness.fake.url,
        CENTRAL_CLIENT_SECRET: harness.fake.credentials.clientSecret,
        LICENSE_KEY: `key=${process.env.MY_LICENSE}`,
        PATH: process.env.PATH,
      });
      expect(env.HOME).not.toBe(process.env.HOME);
      expect(await readdir(env.HOME ?? '')).toEqual([]);
      // Fresh and beside HOME in the run's work dir (tsx keeps its cache there, so not empty).
      expect(dirname(env.TMPDIR ?? '')).toBe(dirname(env.HOME ?? ''));
      expect(env.TMPDIR).not.toBe(tmpdir());
    });

    it('refuses to start a server whose ${env.NAME} is not set, naming both', async () => {
      const missing = stdioTestServer(undefined, { env: { TOKEN: '${env.NOT_SET_ANYWHERE}' } });
      await expect(launch(missing, 'read')).rejects.toThrow(
        'passes ${env.NOT_SET_ANYWHERE} to the server, but NOT_SET_ANYWHERE is not set',
      );
    });

    it('refuses at once an env value with a NUL character, before any process starts', async () => {
      const nul = stdioTestServer(undefined, { env: { TOKEN: 'a\u0000b' } });
      const started = Date.now();
      await expect(launch(nul, 'read')).rejects.toThrow(
        'server "servers-test": env TOKEN contains a NUL character',
      );
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('adds the gate entry only for scenarios at that gate', async () => {
      const read = await launch(config, 'read');
      const write = await launch(config, 'write');
      const readEnv = JSON.parse((await call(read, 'env')).text) as Record<string, string>;
      const writeEnv = JSON.parse((await call(write, 'env')).text) as Record<string, string>;
      expect(readEnv).not.toHaveProperty('WRITE_FLAG');
      expect(writeEnv.WRITE_FLAG).toBe('1');
      expect(writeEnv.HOME).not.toBe(readEnv.HOME); // a fresh HOME per launch
    });
  });

  // The setsid() grandchild leaves the process group: only the sandbox's PID namespace ends it.
  it.skipIf(SANDBOX_SKIP !== null)(
    'kills the whole process group on close, grandchildren that ignore SIGTERM included',
    async () => {
      const session = await launch(stdioTestServer());
      const tags = [uniqueTag(), uniqueTag()];
      try {
        for (const [i, tag] of tags.entries()) {
          // One grandchild in the server's group, one detached with setsid() (its own session).
          await call(session, 'spawn_grandchild', { ignoreTerm: true, setsid: i === 1, tag });
          expect(pidsTagged(tag)).toHaveLength(1);
        }
        await Promise.all([session.close(), session.close()]);
        await session.close(); // idempotent
        for (const tag of tags) expect(await goneTagged(tag)).toBe(true);
        expect((await call(session, 'echo', { text: 'x' })).protocolError).toMatch(
          /the server was killed by SIG(TERM|KILL)|the session is closed/,
        );
      } finally {
        // A failure above must not leave the grandchildren running after the test.
        for (const pid of tags.flatMap(pidsTagged)) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
    },
  );

  it('answers elicitations: accept with confirm true in write scenarios, decline in read ones', async () => {
    const write = await launch(stdioTestServer(), 'write');
    const accepted = await call(write, 'confirm', { message: 'Delete WLAN corp?' });
    expect(accepted.elicitations).toEqual([{ message: 'Delete WLAN corp?', action: 'accept' }]);
    expect(JSON.parse(accepted.text)).toEqual({
      action: 'accept',
      content: { confirm: true, reason: 'confirmed' },
    });

    const read = await launch(stdioTestServer(), 'read');
    const declined = await call(read, 'confirm', { message: 'Reboot?' });
    expect(declined.elicitations).toEqual([{ message: 'Reboot?', action: 'decline' }]);
    expect(JSON.parse(declined.text)).toEqual({ action: 'decline' });
  });

  it('ends a call that outlives callMs with a timeout, and the server stays usable', async () => {
    const config = stdioTestServer(undefined, {
      timeouts: { startupMs: 15_000, callMs: 500, scenarioMs: 60_000 },
    });
    const session = await launch(config);
    const started = performance.now();
    const slow = await call(session, 'sleep', { ms: 30_000 });
    expect(slow.protocolError).toBe('timeout after 500ms');
    expect(performance.now() - started).toBeLessThan(2000);
    expect((await call(session, 'echo', { text: 'still here' })).text).toBe('still here');
  });

  it('reports a server that dies mid-call with its exit code and stderr tail', async () => {
    const session = await launch(stdioTestServer());
    const crashed = await call(session, 'crash', { code: 3 });
    expect(crashed.protocolError).toBe(
      'the server exited with code 3 during the call; stderr:\nfatal: boom line 1\nfatal: boom line 2\nfatal: boom line 3',
    );
    expect(session.stderrTail()).toContain('fatal: boom line 3');
    const after = await call(session, 'echo', { text: 'x' });
    expect(after.protocolError).toMatch(/^the server exited with code 3; stderr:/);
  });

  it('reports garbage on stdout during a call and does not hang', async () => {
    const config = stdioTestServer(undefined, {
      timeouts: { startupMs: 15_000, callMs: 800, scenarioMs: 60_000 },
    });
    const session = await launch(config);
    const result = await call(session, 'garbage_then_hang');
    expect(result.protocolError).toBe(
      'timeout after 800ms (the server wrote not JSON on stdout: "this is not json")',
    );
  });
});

describe('launchServer start-up failures', () => {
  // The limit two tests wait out in full: long enough for the test server (a bundle,
  // testServerArgs) and the sandbox's relay to start on a loaded machine; 10 s was for tsx to
  // compile the server first.
  const quick = { startupMs: 5000, callMs: 1000, scenarioMs: 20_000 };

  it('kills a server that never answers initialize and says so with its stderr', async () => {
    const tag = uniqueTag();
    const config = stdioTestServer('silent', { timeouts: quick });
    const error = await launchFailure({ ...config, args: [...config.args, tag] }, 'silent');
    expect(error.message).toBe('silent did not start within 5000ms');
    expect(error.hint).toMatch(/^stderr tail:\nsilent server pid \d+: waiting forever$/);
    expect(await goneTagged(tag)).toBe(true);
  });

  it('names garbage on stdout in the start-up failure', async () => {
    const error = await launchFailure(stdioTestServer('garbage', { timeouts: quick }), 'noisy');
    expect(error.message).toBe(
      'noisy did not start within 5000ms (the server wrote not JSON on stdout: "Traceback (most recent call last): oops")',
    );
  });

  it('reports a server that exits before the handshake with its code and stderr', async () => {
    const error = await launchFailure(stdioTestServer('exit-at-start'), 'early');
    expect(error.message).toBe('early exited with code 2 before it finished starting');
    expect(error.hint).toBe('stderr tail:\nconfig error: CENTRAL_CLIENT_ID is not set');
  });

  it('names a command path that does not exist, before any process starts', async () => {
    const error = await launchFailure(
      stdioTestServer(undefined, { command: './no/such-server', args: [] }),
      'missing',
    );
    expect(error.message).toMatch(/^missing: its command \S*\/no\/such-server does not exist$/);
    expect(error.hint).toContain('fix `command` of server "missing" in the bench config');
  });

  it('reports a bare command that cannot be spawned', async () => {
    const error = await launchFailure(
      stdioTestServer(undefined, { command: 'no-such-server-on-path', args: [] }),
      'missing',
    );
    expect(error.message).toBe('missing could not be started: spawn no-such-server-on-path ENOENT');
    expect(error.hint).toContain('check the command "');
  });

  // Sandboxed, bubblewrap's own `Can't chdir` came back, blamed on the sandbox.
  it.each(['off', 'auto'] as const)(
    "names a missing cwd as the config's mistake, not the sandbox's (sandbox %s)",
    async (sandbox) => {
      const error = await launchServer({
        name: 'nowhere',
        config: stdioTestServer(undefined, { cwd: 'no/such/dir' }),
        fake: harness.fake,
        writeGate: 'read',
        workDir: await workDir(),
        baseDir: REPO_ROOT,
        sandbox,
      }).then(
        () => undefined,
        (e: unknown) => e as BenchError,
      );
      expect(error?.code).toBe('server_failed');
      expect(error?.message).toBe(
        `nowhere: its cwd ${resolve(REPO_ROOT, 'no/such/dir')} does not exist`,
      );
      expect(error?.hint).toContain('fix `cwd` of server "nowhere" in the bench config');
      expect(error?.message).not.toMatch(/bwrap|sandbox/);
    },
  );
});
