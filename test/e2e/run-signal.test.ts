// needs: processes
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { cliEntry } from '../helpers/cli-entry.js';

/**
 * A `run` stopped from outside (Ctrl-C, a cancelled job) takes its servers with it. The servers
 * lead their own sessions (so a group kill reaches their children), which also means a signal to
 * the harness alone never reaches them: without the stop-signal hook in
 * src/servers/launch/process-group.ts they were orphaned, still running against a dead fake.
 * The server is the reference server behind a wrapper that leaves a child running (as `uv run`,
 * `npx` or a shell script may): the server itself exits when its stdin closes, its child does not.
 * `--sandbox off`: bubblewrap's --die-with-parent would hide the bug.
 */
const REPO = resolve(import.meta.dirname, '../..');

/** Every process in the process groups led by the direct children of `pid` (the servers). */
function serverGroupsOf(pid: number): number[] {
  const rows = spawnSync('ps', ['-e', '-o', 'pid=,ppid=,pgid='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((r) => r.length === 3);
  const leaders = new Set(rows.filter(([, ppid]) => ppid === pid).map(([p]) => p));
  return rows.filter(([p, , pgid]) => p !== pid && leaders.has(pgid)).map(([p]) => p ?? 0);
}

/** Running (not gone and not a zombie: a container's init may never reap one). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

describe.runIf(process.platform === 'linux').each(['SIGTERM', 'SIGINT'] as const)(
  'run stopped with %s',
  (signal) => {
    it('kills every server it started and dies of the signal', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'run-signal-'));
      const config = join(dir, 'wrapped.yml');
      await writeFile(
        config,
        [
          'servers:',
          '  reference:',
          '    transport: stdio',
          '    command: /bin/sh',
          // The wrapper's child: a sleep in the server's process group that outlives the server.
          `    args: ['-c', 'sleep 300 & exec "$@"', 'sh', ${JSON.stringify(process.execPath)}, '--import', 'tsx', ${JSON.stringify(join(REPO, 'examples/reference-server/index.ts'))}]`,
          `    cwd: ${JSON.stringify(REPO)}`,
          '    env:',
          "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
          "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
          "      GREENLAKE_WORKSPACE_ID: '${fake.workspaceId}'",
          '    gates:',
          "      write: { REFERENCE_ENABLE_WRITES: '1' }",
          '',
        ].join('\n'),
      );
      const out = join(dir, 'out');
      const child = spawn(
        process.execPath,
        [
          ...cliEntry(),
          'run',
          '--config',
          config,
          '--scenario',
          'nac-004',
          '--runs',
          '20',
          '--isolation',
          'run',
          '--sandbox',
          'off',
          '--out',
          out,
        ],
        { cwd: REPO, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } },
      );
      let output = '';
      child.stdout.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr.on('data', (c: Buffer) => (output += c.toString()));
      const exited = new Promise<NodeJS.Signals | number | null>((done) =>
        child.on('exit', (code, sig) => done(sig ?? code)),
      );
      const pid = child.pid ?? 0;
      let servers: number[] = [];
      // A server and its wrapper's sleep: at least two processes in the server's group.
      for (let i = 0; i < 600 && servers.length < 2; i += 1) {
        await sleep(100);
        servers = serverGroupsOf(pid);
      }
      expect(servers.length, `no server started within 60 s:\n${output}`).toBeGreaterThan(1);
      child.kill(signal);
      expect(await exited).toBe(signal);
      for (let i = 0; i < 50 && servers.some(running); i += 1) await sleep(100);
      const left = servers.filter(running);
      for (const p of left) process.kill(p, 'SIGKILL'); // never leave a failing test's orphans
      expect(left, output).toEqual([]);
    }, 90_000);
  },
);
