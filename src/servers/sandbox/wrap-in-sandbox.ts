import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  plainLayout,
  type ExitInfo,
  type GroupProcess,
  type StdioLayout,
} from '../process-group.js';
import { FORWARDER_SCRIPT, SPAWN_ERROR_PREFIX } from './forwarder-script.js';
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
  /** bwrap's and the forwarder's own messages (not the server's); null when not sandboxed. */
  diagnostics: Readable | null;
  /**
   * Connection attempts to addresses outside the sandbox (which the sandbox blocked) since the
   * start; undefined when not sandboxed or unreadable.
   */
  blockedConnections(): number | undefined;
}

/** A spec to spawn, and how to finish the process once spawned. */
export interface WrappedSpec {
  spec: SpawnSpec;
  /** Which fds of the spawned process are the server's streams. */
  layout: StdioLayout;
  attach(proc: GroupProcess): SandboxedProcess;
}

/**
 * bwrap's fds: 0 the forwarder's settings (written once, then closed), 1 nothing, 2 bwrap's and
 * the forwarder's diagnostics, 3 bwrap's --info-fd, 4–6 the server's stdin, stdout and stderr
 * (see forwarder-script.ts for why they are not 0–2).
 */
const sandboxLayout = (stdin: 'pipe' | 'ignore'): StdioLayout => ({
  stdio: ['pipe', 'ignore', 'pipe', 'pipe', stdin, 'pipe', 'pipe'],
  stdin: 4,
  stdout: 5,
  stderr: 6,
});

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
      layout: plainLayout(spec.stdin),
      attach: (proc) => ({
        ...proc,
        sandboxed: false,
        diagnostics: null,
        blockedConnections: () => undefined,
      }),
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
  ];
  // The forwarder itself runs with PATH only (no NODE_OPTIONS or other variable meant for the
  // server); the server's environment, command and arguments reach it on fd 0.
  const forwarderEnv = { PATH: spec.env.PATH ?? process.env.PATH ?? '/usr/bin:/bin' };
  const settingsText = JSON.stringify({
    dir,
    outPorts: settings.fakePorts,
    inPort: settings.inPort,
    command: spec.command,
    args: spec.args,
    env: spec.env,
    stdin: spec.stdin === 'pipe',
  });
  const wrapped: SpawnSpec = { ...spec, command: BWRAP, args, env: forwarderEnv };
  const attach = (proc: GroupProcess): SandboxedProcess => {
    const control = proc.child.stdio[0];
    control?.on('error', () => undefined);
    control?.end(settingsText);
    let diagnostics = '';
    const diagnosticsStream = proc.child.stdio[2];
    diagnosticsStream?.on('data', (chunk: Buffer) => {
      diagnostics = (diagnostics + chunk.toString('utf8')).slice(-4096);
    });
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
      const line = diagnostics.split('\n').find((l) => l.startsWith(SPAWN_ERROR_PREFIX));
      if (exit.code !== 127 || line === undefined) return exit;
      return { code: null, signal: null, error: new Error(line.slice(SPAWN_ERROR_PREFIX.length)) };
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
      ...proc,
      exited,
      exitInfo,
      sandboxed: true,
      diagnostics: diagnosticsStream,
      blockedConnections: () =>
        readBlockedConnections(proc.exitInfo() ? undefined : sandboxPid, dir),
      terminate: async (options) => {
        await proc.terminate(options);
        cleaned ??= relay.close().then(() => rmSync(dir, { recursive: true, force: true }));
        await cleaned;
      },
    };
  };
  return { spec: wrapped, layout: sandboxLayout(spec.stdin), attach };
}
