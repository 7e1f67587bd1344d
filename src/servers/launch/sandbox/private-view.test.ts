// needs: processes
/**
 * What a sandboxed server can reach of the host, with a real hostile server
 * (test/mcp-servers/sandbox-attack-server.ts): no host Unix socket wherever it is (seccomp
 * refuses socket(AF_UNIX)), no other run's relay whatever TMPDIR is, no write outside its own
 * HOME, TMPDIR and declared `writable:` paths (EROFS where the sandbox shows the path, ENOENT
 * where it does not: the checkout, the harness's bundle, a report directory, the host's HOME, a
 * runner's file-command file, a git hook), writable paths resolved and created without following
 * links, and a blocked-connection count it cannot change.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../../../fake-central/index.js';
import type { SandboxMode, StdioServerConfig } from '../../../config/types.js';
import { BenchError } from '../../../common/errors.js';
import { launchServer } from '../launch-server.js';
import { makeWritableDirs } from './writable-dirs.js';
import {
  REPO_ROOT,
  stdioTestServer,
  workDir,
} from '../../../../test/helpers/servers/launch/test-servers.js';
import type { ServerSession } from '../../types.js';
import { SANDBOX_SKIP } from '../../../../test/helpers/sandbox-support.js';
import { bundledArgs } from '../../../../test/helpers/bundled-servers.js';

const tag = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const attackServer = (overrides: Partial<StdioServerConfig> = {}) =>
  stdioTestServer(undefined, {
    args: bundledArgs(['--import', 'tsx', 'test/mcp-servers/sandbox-attack-server.ts']),
    ...overrides,
  });

let fake: FakeCentral;
const cleanups: (() => void)[] = [];
const sessions: ServerSession[] = [];
beforeAll(async () => {
  fake = await startFakeCentral();
});
afterAll(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.close()));
  await fake.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function launch(
  sandbox: SandboxMode,
  config = attackServer(),
  on = fake,
): Promise<ServerSession> {
  const session = await launchServer({
    name: 'attack',
    config,
    fake: on,
    writeGate: 'read',
    workDir: await workDir(),
    baseDir: REPO_ROOT,
    sandbox,
  });
  sessions.push(session);
  return session;
}

async function call(session: ServerSession, name: string, args: Record<string, unknown> = {}) {
  const outcome = await session.callTool({ name, arguments: args }, () => {});
  expect(outcome.protocolError).toBeUndefined();
  return (outcome.content[0] as { text: string }).text;
}

/** A directory in the checkout (outside /tmp, so the sandbox shows it read-only, not hides it). */
function checkoutDir(name: string): string {
  const dir = mkdtempSync(join(REPO_ROOT, `.sandbox-test-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The attack server's arguments from a cwd outside the checkout (tsx found by its path). */
const OUTSIDE_ARGS = [
  '--import',
  pathToFileURL(join(REPO_ROOT, 'node_modules/tsx/dist/loader.mjs')).href,
  join(REPO_ROOT, 'test/mcp-servers/sandbox-attack-server.ts'),
];

/** A directory outside the checkout (under the temp directory): a server's own checkout. */
function scratchDir(name: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), `hmb-sandbox-test-${name}-`)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function listen(path: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.on('error', () => {}).end('hello\n'));
    server.once('error', reject);
    server.listen(path, () => resolve(server));
    cleanups.push(() => server.close());
  });
}

/** A directory under /run this user may create a socket in (root: /run itself). */
function runDir(): string | undefined {
  for (const dir of ['/run', `/run/user/${process.getuid?.() ?? 0}`]) {
    try {
      const probe = join(dir, `.hmb-probe-${tag}`);
      writeFileSync(probe, '');
      rmSync(probe);
      return dir;
    } catch {
      // not writable by this user
    }
  }
  return undefined;
}

describe.skipIf(SANDBOX_SKIP !== null)('the sandbox: a private view of the host', () => {
  it('no host Unix socket is connectable: not in /tmp, /run, the workspace, $HOME, the cwd or under TMPDIR', async () => {
    const cwd = scratchDir('sockets');
    const tmp = process.env.TMPDIR;
    const paths = [
      join('/tmp', `hmb-test-${tag}.sock`),
      join(checkoutDir('workspace'), 's.sock'), // the checkout, shown read-only (baseDir)
      join(homedir(), `.hmb-test-${tag}.sock`),
      join(cwd, 's.sock'), // the server's own cwd, shown read-only
      ...(tmp && !tmp.startsWith('/tmp') ? [join(tmp, `hmb-test-${tag}.sock`)] : []),
    ];
    const run = runDir();
    if (run !== undefined) paths.push(join(run, `hmb-test-${tag}.sock`));
    for (const path of paths) {
      await listen(path);
      cleanups.push(() => rmSync(path, { force: true }));
    }
    const bare = await launch('off', attackServer({ cwd, args: OUTSIDE_ARGS }));
    const boxed = await launch('on', attackServer({ cwd, args: OUTSIDE_ARGS }));
    for (const path of paths) {
      expect({ path, bare: await call(bare, 'connect_unix', { path }) }).toEqual({
        path,
        bare: 'connected',
      });
      // A bind (read-only or not) does not stop connect(); the seccomp filter refuses socket().
      expect({ path, boxed: await call(boxed, 'connect_unix', { path }) }).toEqual({
        path,
        boxed: 'EACCES',
      });
    }
    expect(paths.length).toBeGreaterThanOrEqual(5); // /run was tried too
  });

  it("with TMPDIR outside /tmp (inside the checkout it shows), no sandbox reaches another run's relay", async () => {
    const saved = process.env.TMPDIR;
    const tmp = checkoutDir('tmpdir');
    process.env.TMPDIR = tmp;
    const other = await startFakeCentral();
    try {
      const [a, b] = await Promise.all([launch('on'), launch('on', attackServer(), other)]);
      const relays = readdirSync(tmp).filter((name) => name.startsWith('hmb-sandbox-'));
      expect(relays.length).toBeGreaterThanOrEqual(2); // both runs' relays are there, and visible
      other.reset();
      expect(await call(a, 'scan_relays', { dir: tmp })).toBe('0');
      expect(await call(b, 'scan_relays', { dir: tmp })).toBe('0');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(other.calls().filter((c) => JSON.stringify(c).includes('/scan'))).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      await other.close();
    }
  });

  it('gives the server its stdio and nothing of the relay: no inherited channel or pipe', async () => {
    const boxed = await launch('on');
    const fds = JSON.parse(await call(boxed, 'list_fds')) as Record<string, string>;
    // 0–2 its stdio; fd 3, the forwarder's IPC channel, is not inherited (the server's own
    // first descriptor, Node's epoll, takes the free number).
    expect(fds['0']).toMatch(/^socket:/);
    expect(fds['3']).toBeDefined();
    expect(fds['3']).not.toMatch(/^socket:/);
  });

  it("keeps two concurrent runs apart: neither server reaches the other's relay", async () => {
    const other = await startFakeCentral();
    try {
      const [a, b] = await Promise.all([launch('on'), launch('on', attackServer(), other)]);
      other.reset();
      expect(await call(a, 'scan_relays')).toBe('0');
      expect(await call(b, 'scan_relays')).toBe('0');
      // Without the sandbox the same scan finds both sandboxes' relays on the host. It only
      // connects: /tmp also holds the relays of anything else running on this machine (a
      // benchmark beside the tests), and a request sent there lands in that run's report.
      const bare = await launch('off');
      expect(Number(await call(bare, 'scan_relays', { quiet: true }))).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // No scan request from the sandboxed runs arrived (the bare one sent none).
      expect(other.calls().filter((c) => JSON.stringify(c).includes('/scan'))).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('refuses writes to the checkout, the bundle, a report dir, the host HOME, runner files and git hooks', async () => {
    const report = checkoutDir('report');
    const runner = checkoutDir('runner');
    const fileCommands = join(runner, '_runner_file_commands');
    mkdirSync(fileCommands);
    const githubEnv = join(fileCommands, `set_env_${tag}`);
    writeFileSync(githubEnv, '');
    const repo = checkoutDir('repo');
    execFileSync('git', ['init', '-q', repo]);
    const hostHome = join(homedir(), `.hmb-sandbox-test-${tag}`);
    writeFileSync(hostHome, '');
    cleanups.push(() => rmSync(hostHome, { force: true }));
    const chunk = ['dist/cli/674.index.js', 'dist/index.js', 'package.json']
      .map((path) => join(REPO_ROOT, path))
      .find((path) => existsSync(path)) as string;
    const boxed = await launch('on');
    for (const path of [
      join(REPO_ROOT, 'package.json'),
      chunk,
      join(report, 'index.html'),
      hostHome,
      githubEnv,
    ]) {
      // Read-only where the sandbox shows it, absent where it does not; never writable.
      expect({ path, result: await call(boxed, 'open_write', { path }) }).toEqual({
        path,
        result: path === hostHome ? expect.stringMatching(/^(EROFS|ENOENT)$/) : 'EROFS',
      });
    }
    const hook = join(repo, '.git/hooks/post-checkout');
    expect(await call(boxed, 'write_file', { path: hook })).toBe('EROFS');
    expect(existsSync(hook)).toBe(false);
    expect(readFileSync(githubEnv, 'utf8')).toBe('');
    expect(readFileSync(hostHome, 'utf8')).toBe('');
  });

  it('lets a server write the paths its config declares writable, and its own HOME', async () => {
    // Outside the harness's install (which no server may write), as a server's checkout would be.
    const cwd = scratchDir('cwd');
    const args = OUTSIDE_ARGS;
    const boxed = await launch('on', attackServer({ cwd, args, writable: ['.cache/tool'] }));
    expect(await call(boxed, 'write_file', { path: join(cwd, '.cache/tool/x') })).toBe('ok');
    expect(readFileSync(join(cwd, '.cache/tool/x'), 'utf8')).toBe('planted\n');
    expect(await call(boxed, 'write_file', { path: join(cwd, 'elsewhere') })).toBe('EROFS');
    expect(await call(boxed, 'write_file', { path: '~/.config-file' })).toBe('ok');
    expect(await call(boxed, 'write_file', { path: '$TMPDIR/scratch' })).toBe('ok');
  });

  it('refuses, at launch, a writable: path that a symbolic link now leads out of the cwd (into the install)', async () => {
    const cwd = scratchDir('relink');
    const target = checkoutDir('target'); // inside the harness's install
    const args = OUTSIDE_ARGS;
    const config = attackServer({ cwd, args, writable: ['cache'] });
    // A first run made `cache` (as the config allows); something then turned it into a link.
    mkdirSync(join(cwd, 'cache'));
    rmSync(join(cwd, 'cache'), { recursive: true });
    symlinkSync(target, join(cwd, 'cache'));
    const refused = await launch('on', config).then(
      async (session) => call(session, 'write_file', { path: join(cwd, 'cache/planted') }),
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(BenchError);
    expect((refused as BenchError).code).toBe('config_invalid');
    expect((refused as BenchError).message).toContain(
      `writable "cache" resolves to ${target}, outside the server's cwd ${cwd}`,
    );
    expect(existsSync(join(target, 'planted'))).toBe(false);
  });

  it('creates writable: directories without following a link planted under them', () => {
    const cwd = scratchDir('mkdir');
    symlinkSync(checkoutDir('elsewhere'), join(cwd, 'a'));
    expect(() => makeWritableDirs(cwd, [join(cwd, 'a', 'b')])).toThrow(
      `writable path ${join(cwd, 'a', 'b')} cannot be bound: ${join(cwd, 'a')} is a symbolic link`,
    );
  });

  it('says that the sandbox hides /tmp when a script there cannot find its modules', async () => {
    const dir = scratchDir('script');
    writeFileSync(join(dir, 'lib.mjs'), 'export const ready = true;\n');
    writeFileSync(join(dir, 'server.mjs'), "import './lib.mjs';\nprocess.exit(1);\n");
    const config = attackServer({ args: [join(dir, 'server.mjs')] });
    const failure = (sandbox: SandboxMode) =>
      launch(sandbox, config).then(
        () => undefined,
        (error: unknown) => error as BenchError,
      );
    const bare = await failure('off');
    expect(bare?.hint ?? '').not.toMatch(/MODULE_NOT_FOUND/);
    const boxed = await failure('on');
    expect(boxed?.code).toBe('server_failed');
    expect(boxed?.hint).toMatch(/ERR_MODULE_NOT_FOUND/);
    expect(boxed?.hint).toContain('/tmp in particular is private and empty there');
  });

  it('counts blocked connections from the kernel, whatever the server plants in its /run', async () => {
    const boxed = await launch('on');
    // The relay's directory is not in the sandbox at all (the harness hands over sockets).
    expect(JSON.parse(await call(boxed, 'tamper_relay'))).toEqual(['ENOENT', 'ENOENT']);
    expect(JSON.parse(await call(boxed, 'connect_direct', { count: 2 }))).toEqual([
      'ENETUNREACH',
      'ENETUNREACH',
    ]);
    await call(boxed, 'exit', { code: 0 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The namespace's processes are gone; the harness still reads the kernel's counters.
    expect(boxed.blockedConnections?.()).toBe(2);
  });
});
