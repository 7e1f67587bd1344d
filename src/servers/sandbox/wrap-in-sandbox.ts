import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExitInfo, GroupProcess } from '../process-group.js';
import { FORWARDER_SCRIPT } from './forwarder-script.js';
import { startHostRelay } from './host-relay.js';
import { readBlockedConnections } from './net-counters.js';
import { BWRAP, bwrapBaseArgs } from './probe-sandbox.js';
import type { SandboxStatus, SpawnSpec } from './types.js';

/** What the sandbox needs to know besides the spec: whether it applies, and the ports to relay. */
export interface SandboxSettings {
  status: SandboxStatus;
  /** Ports of the fake on 127.0.0.1 (proxy and API) the server must reach. */
  fakePorts: readonly number[];
  /** The port an HTTP server listens on (the harness must reach it), else null. */
  inPort: number | null;
}

/** A server process, sandboxed or not, as launchServer uses it. */
export interface SandboxedProcess extends GroupProcess {
  /** Whether it runs inside the sandbox. */
  sandboxed: boolean;
  /**
   * Connection attempts to addresses outside the sandbox (which the sandbox blocked) since the
   * start; undefined when not sandboxed or unreadable.
   */
  blockedConnections(): number | undefined;
}

/** A spec to spawn, and how to finish the process once spawned. */
export interface WrappedSpec {
  spec: SpawnSpec;
  /** Open fd 3 as a pipe (bwrap writes the sandbox's pid there). */
  infoFd: boolean;
  attach(proc: GroupProcess): SandboxedProcess;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Wraps a server's spawn spec in a bubblewrap sandbox when `settings.status.applied`: its own
 * user, PID (fresh /proc), network (loopback only), IPC, UTS and cgroup namespaces, no
 * capabilities, killed with the harness. Inside, the forwarder (forwarder-script.ts) relays
 * 127.0.0.1:<fake port> to the fake over Unix sockets the harness serves, and the HTTP port the
 * other way, so the server's environment and URLs stay exactly as configured. Unapplied, the
 * spec is returned unchanged.
 */
export async function wrapInSandbox(
  spec: SpawnSpec,
  settings: SandboxSettings,
): Promise<WrappedSpec> {
  if (!settings.status.applied) {
    return {
      spec,
      infoFd: false,
      attach: (proc) => ({ ...proc, sandboxed: false, blockedConnections: () => undefined }),
    };
  }
  // Short path: a Unix socket path is limited to ~107 bytes.
  const dir = await mkdtemp(join(tmpdir(), 'hmb-sandbox-'));
  let relay;
  try {
    relay = await startHostRelay({ dir, fakePorts: settings.fakePorts, inPort: settings.inPort });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const args = [
    ...bwrapBaseArgs(),
    '--chdir',
    spec.cwd,
    '--info-fd',
    '3',
    '--',
    process.execPath,
    '-e',
    FORWARDER_SCRIPT,
    '--',
    dir,
    settings.fakePorts.join(','),
    settings.inPort === null ? '-' : String(settings.inPort),
    spec.env.PWD ?? '-',
    spec.command,
    ...spec.args,
  ];
  const wrapped: SpawnSpec = { ...spec, command: BWRAP, args };
  const attach = (proc: GroupProcess): SandboxedProcess => {
    let sandboxPid: number | undefined;
    let info = '';
    const fd = proc.child.stdio[3];
    fd?.on('data', (chunk: Buffer) => (info += chunk.toString('utf8')));
    fd?.on('end', () => {
      const pid = /"child-pid"\s*:\s*(\d+)/.exec(info)?.[1];
      if (pid !== undefined) sandboxPid = Number(pid);
    });
    fd?.on('error', () => undefined);
    // The forwarder reports a command it could not start like spawn() does.
    const withSpawnError = (exit: ExitInfo): ExitInfo => {
      const message = exit.code === 127 ? readText(join(dir, 'spawn-error')) : undefined;
      return message === undefined ? exit : { code: null, signal: null, error: new Error(message) };
    };
    let mapped: ExitInfo | undefined;
    const exitInfo = (): ExitInfo | undefined => {
      const raw = proc.exitInfo();
      if (raw) mapped ??= withSpawnError(raw);
      return mapped;
    };
    const exited = proc.exited.then(() => exitInfo() ?? { code: null, signal: null });
    let cleaned: Promise<void> | undefined;
    return {
      child: proc.child,
      exited,
      exitInfo,
      sandboxed: true,
      blockedConnections: () =>
        readBlockedConnections(proc.exitInfo() ? undefined : sandboxPid, dir),
      terminate: async (options) => {
        await proc.terminate(options);
        cleaned ??= relay.close().then(() => rmSync(dir, { recursive: true, force: true }));
        await cleaned;
      },
    };
  };
  return { spec: wrapped, infoFd: true, attach };
}
