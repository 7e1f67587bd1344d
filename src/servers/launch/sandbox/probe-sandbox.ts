import { execFile } from 'node:child_process';
import { lstatSync } from 'node:fs';
import { BenchError } from '../../../common/errors.js';
import { runtimeDirs, systemMounts } from './host-view.js';
import { seccompFilter } from './seccomp-filter.js';
import { SETUP_COMMANDS } from './runner-setup.js';
import type { SandboxStatus } from './types.js';
import type { SandboxMode } from '../../../config/types.js';

/** The bubblewrap binary (Debian/Ubuntu package `bubblewrap`). */
export const BWRAP = 'bwrap';

/** util-linux prlimit: sets the server's rlimits, then execs it (forwarder-script.ts). */
export const PRLIMIT = '/usr/bin/prlimit';

/**
 * Host directories replaced by an empty private tmpfs in the sandbox. They hold the host's Unix
 * sockets (a read-only mount does not stop connect(): container daemons, systemd/dbus, X11,
 * ssh-agent, other runs' relays) and shared scratch space. /var/run is usually a link to /run.
 */
export const PRIVATE_DIRS: readonly string[] = ['/tmp', '/run', '/var/run', '/dev/shm'];

const isRealDir = (path: string): boolean => {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Namespaces and mounts every sandboxed launch uses; the probe tries exactly these. */
export function bwrapBaseArgs(): string[] {
  const privateDirs = PRIVATE_DIRS.filter((dir) => dir === '/dev/shm' || isRealDir(dir));
  return [
    // user, pid, net, ipc, uts and cgroup namespaces; the net one holds only loopback.
    '--unshare-all',
    '--die-with-parent',
    // setsid(): the server cannot reach the harness's terminal (TIOCSTI).
    '--new-session',
    // Not the host's root: its system directories read-only (host-view.ts) and the harness's
    // own Node (the relay); each launch adds what its server needs (sandbox-mounts.ts). A /proc
    // of the sandbox's own PID namespace (the harness is not in it), a minimal /dev and private
    // tmpfs directories.
    ...systemMounts(),
    ...runtimeDirs({ command: process.execPath, env: {}, cwd: '/' }, []).flatMap((dir) => [
      '--ro-bind',
      dir,
      dir,
    ]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...privateDirs.flatMap((dir) => ['--tmpfs', dir]),
    // bwrap keeps capabilities when the harness runs as root (a container); drop them all.
    '--cap-drop',
    'ALL',
  ];
}

const HINT =
  'install bubblewrap, and on Ubuntu 23.10+ (GitHub ubuntu-24.04) allow user namespaces for ' +
  `/usr/bin/bwrap only: ${SETUP_COMMANDS.join(' ; ')} — the action does this itself on ` +
  'GitHub-hosted runners — or choose --sandbox off';

function run(args: string[]): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) => {
    execFile(BWRAP, args, { timeout: 10_000 }, (error, stdout, stderr) => {
      resolve({ ok: error === null, out: `${stdout}${stderr}`.trim() || (error?.message ?? '') });
    });
  });
}

async function probe(): Promise<{ tool: string } | { reason: string }> {
  if (process.platform !== 'linux') return { reason: `not available on ${process.platform}` };
  const version = await run(['--version']);
  if (!version.ok) return { reason: `bwrap not found (${version.out})` };
  // A real sandbox with the same flags, running the harness's own node (as the forwarder does).
  const tried = await run([...bwrapBaseArgs(), '--', process.execPath, '-e', '']);
  if (!tried.ok) return { reason: `bwrap cannot create the sandbox here: ${tried.out}` };
  return { tool: version.out };
}

let probed: Promise<{ tool: string } | { reason: string }> | undefined;

/**
 * Whether servers run sandboxed under `mode`; the probe (`bwrap --version` and one empty
 * sandbox) runs once per process. `on` without a working sandbox throws
 * BenchError('usage') naming what is missing and the fix.
 */
export async function resolveSandbox(mode: SandboxMode): Promise<SandboxStatus> {
  if (mode === 'off') {
    return { requested: mode, applied: false, tool: null, reason: 'off by request' };
  }
  probed ??= probe();
  const found = await probed;
  if ('tool' in found) {
    const sockets =
      seccompFilter() === null
        ? `reachable: no seccomp filter is known for ${process.arch}, so a host Unix socket in a directory the sandbox shows (the system directories, the server's runtime, cwd and the config's directory) can be connected to`
        : 'blocked';
    return {
      requested: mode,
      applied: true,
      tool: found.tool,
      reason: null,
      unix_sockets: sockets,
    };
  }
  if (mode === 'on') {
    throw new BenchError('usage', `sandbox: on, but ${found.reason}`, { hint: HINT });
  }
  return { requested: mode, applied: false, tool: null, reason: found.reason };
}
