// needs: processes
/**
 * A bench config that would make the host writable to its server, in a real `hpe-mcp-bench run`
 * process (the CLI bundle the test run builds): a `writable:` symlink into the harness's dist/,
 * `cwd: /` with `writable: [.]`, `cwd:` at the workspace (its .git), `cwd:` at the runner's
 * file-command directory, and a cwd that is `/` through a link. Each is refused at load, naming
 * the path and what it resolves to, and the server's command never runs.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEntry } from '../helpers/cli-entry.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

function cli(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [...cliEntry(), ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', ...env },
  });
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

let root: string;
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'hmb-config-paths-')));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A config in its own directory whose server, if started, creates `marker`. */
async function attempt(name: string, server: string, env: NodeJS.ProcessEnv = {}) {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  const marker = join(dir, 'started');
  const config = join(dir, 'bench.yml');
  await writeFile(
    config,
    `servers:\n  attack:\n    transport: stdio\n    command: /bin/sh\n    args: [-c, 'touch ${marker}']\n${server}`,
  );
  const ran = await cli(
    ['run', '--config', config, '--sandbox', 'auto', '--out', join(dir, 'out')],
    env,
  );
  return { ...ran, started: existsSync(marker), dir };
}

describe('hpe-mcp-bench run refuses a config that makes the host writable, before any server starts', () => {
  it('a writable: symlink in the server directory that leads into the harness dist/', async () => {
    const dir = join(root, 'symlink');
    await mkdir(join(dir, 'server'), { recursive: true });
    await symlink(join(REPO, 'dist', 'cli'), join(dir, 'server', 'linkdist'));
    const ran = await attempt('symlink', '    cwd: server\n    writable: [linkdist]\n');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`writable "linkdist" resolves to ${join(REPO, 'dist', 'cli')}`);
    expect(ran.stderr).toMatch(/outside the server's cwd/);
    expect(ran.started).toBe(false);
  });

  it('cwd: / with writable: [.]', async () => {
    const ran = await attempt('root', '    cwd: /\n    writable: [.]\n');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain('cwd / resolves to /, outside the workspace');
    expect(ran.stderr).toMatch(
      /writable "\." resolves to \/, which holds the harness's own install/,
    );
    expect(ran.started).toBe(false);
  });

  it('cwd: at the workspace, writable: [.] (its .git/hooks) or [.git/hooks]', async () => {
    const workspace = join(root, 'workspace');
    await mkdir(join(workspace, '.git', 'hooks'), { recursive: true });
    for (const writable of ['.', '.git/hooks']) {
      const ran = await attempt(
        `workspace-${writable.length}`,
        `    cwd: ${workspace}\n    writable: ['${writable}']\n`,
        { GITHUB_WORKSPACE: workspace },
      );
      expect(ran.code).toBe(2);
      expect(ran.stderr).toContain(`resolves to ${join(workspace, writable)}, which`);
      expect(ran.stderr).toContain(`the workspace's .git (${join(workspace, '.git')})`);
      expect(ran.started).toBe(false);
    }
  });

  it("cwd: at the runner's file-command directory (GITHUB_ENV)", async () => {
    const commands = join(root, '_temp', '_runner_file_commands');
    await mkdir(commands, { recursive: true });
    await writeFile(join(commands, 'set_env_1'), '');
    const ran = await attempt('runner', `    cwd: ${commands}\n    writable: [.]\n`, {
      RUNNER_TEMP: join(root, '_temp'),
      GITHUB_ENV: join(commands, 'set_env_1'),
    });
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`writable "." resolves to ${commands}, which lies inside`);
    expect(ran.stderr).toContain('RUNNER_TEMP');
    expect(ran.started).toBe(false);
  });

  it('a cwd that is / through a symbolic link, with writable: [tmp]', async () => {
    const dir = join(root, 'linkroot');
    await mkdir(dir, { recursive: true });
    await symlink('/', join(dir, 'up'));
    const ran = await attempt('linkroot', '    cwd: up\n    writable: [tmp]\n');
    expect(ran.code).toBe(2);
    expect(ran.stderr).toContain(`cwd ${join(dir, 'up')} resolves to /, outside the workspace`);
    expect(ran.started).toBe(false);
  });
});
