import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import {
  plainLayout,
  type ExitInfo,
  type GroupProcess,
  type StdioLayout,
} from '../process-group.js';
import { limitOf, memoryLimit, OUT_OF_MEMORY, signalOf } from './exit-limits.js';
import { FORWARDER_SCRIPT, SPAWN_ERROR_PREFIX } from './forwarder-script.js';
import { mountArgs } from './sandbox-mounts.js';
import { seccompFilter } from './seccomp-filter.js';
import { startHostRelay, type HostRelay } from './host-relay.js';
import { serveDials } from './relay-channel.js';
import {
  holdNamespaces,
  readBlockedConnections,
  readBlockedConnectionsAfterExit,
  releaseNamespaces,
  type HeldNamespaces,
} from './net-counters.js';
import { BWRAP, bwrapBaseArgs, PRLIMIT } from './probe-sandbox.js';
import { watchProcesses } from './process-watchdog.js';
import type { SandboxSettings, SpawnSpec } from './types.js';
import { trace } from '../../../common/trace.js';

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
  /** Connections the relay refused because `limits.connections` were open. */
  refusedConnections(): number;
}

/** A spec to spawn, and how to finish the process once spawned. */
export interface WrappedSpec {
  spec: SpawnSpec;
  /** Which fds of the spawned process are the server's streams. */
  layout: StdioLayout;
  attach(proc: GroupProcess): SandboxedProcess;
}

/**
 * bwrap's fds: 0 the forwarder's settings (written once, then closed), 1 bwrap's --info-fd,
 * 2 bwrap's and the forwarder's diagnostics, 3 the forwarder's Node IPC channel (its relay
 * requests; not fd 1: Node then fails reading a socket it was handed), 4–6 the server's stdin, stdout and stderr (see forwarder-script.ts for why they are
 * not 0–2), 7 the seccomp program (written once, then closed).
 */
const sandboxLayout = (stdin: 'pipe' | 'ignore'): StdioLayout => ({
  stdio: ['pipe', 'pipe', 'pipe', 'ipc', stdin, 'pipe', 'pipe', 'pipe'],
  stdin: 4,
  stdout: 5,
  stderr: 6,
});

/**
 * Wraps a server's spawn spec in a bubblewrap sandbox when `settings.status.applied`: its own
 * user, PID (fresh /proc), network (loopback only), IPC, UTS and cgroup namespaces, no
 * capabilities, killed with the harness; the host read-only, private /tmp, /run and /dev/shm,
 * writable only its HOME, TMPDIR and `writable:` paths; rlimits from `limits:` (prlimit).
 * Inside, the forwarder (forwarder-script.ts) relays 127.0.0.1:<fake port> to the fake over Unix
 * sockets the harness serves, and the HTTP port the other way, so the server's environment and
 * URLs stay exactly as configured. Unapplied, the spec is returned unchanged.
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
        refusedConnections: () => 0,
      }),
    };
  }
  // Short path: a Unix socket path is limited to ~107 bytes. Mode 0700: the harness's alone.
  const dir = await mkdtemp(join(tmpdir(), 'hmb-sandbox-'));
  let relay: HostRelay;
  // Told once, whether the forwarder dropped a connection at its cap or the relay refused one.
  let limitReported = false;
  const reportLimit = () => {
    if (limitReported) return;
    limitReported = true;
    settings.onLimit?.(
      `hpe-mcp-bench sandbox: the server reached the connection limit (limits.connections: ${settings.limits.connections}); further connections are refused`,
    );
  };
  let dropped = 0;
  try {
    relay = await startHostRelay({
      dir,
      fakePorts: settings.fakePorts,
      inPort: settings.inPort,
      maxConnections: settings.limits.connections,
      onRefused: reportLimit,
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const filter = seccompFilter();
  const args = [
    ...bwrapBaseArgs(),
    ...mountArgs(spec, settings),
    ...(filter === null ? [] : ['--seccomp', '7']),
    '--chdir',
    settings.cwd,
    '--info-fd',
    '1',
    '--',
    process.execPath,
    '-e',
    FORWARDER_SCRIPT,
  ];
  // The forwarder itself runs with PATH only (no NODE_OPTIONS or other variable meant for the
  // server); the server's environment, command and arguments reach it on fd 0.
  const forwarderEnv = { PATH: spec.env.PATH ?? process.env.PATH ?? '/usr/bin:/bin' };
  const settingsText = JSON.stringify({
    outPorts: settings.fakePorts,
    inPort: settings.inPort,
    command: spec.command,
    args: spec.args,
    env: spec.env,
    stdin: spec.stdin === 'pipe',
    prlimit: PRLIMIT,
    limits: settings.limits,
    maxConnections: settings.limits.connections,
  });
  const wrapped: SpawnSpec = { ...spec, command: BWRAP, args, env: forwarderEnv };
  const attach = (proc: GroupProcess): SandboxedProcess => {
    const control = proc.child.stdio[0];
    control?.on('error', () => undefined);
    control?.end(settingsText);
    const seccomp = (proc.child.stdio as unknown as (Writable | null)[])[7];
    seccomp?.on('error', () => undefined);
    seccomp?.end(filter ?? Buffer.alloc(0));
    serveDials(proc, relay, () => {
      dropped++;
      reportLimit();
    });
    let diagnostics = '';
    const diagnosticsStream = proc.child.stdio[2];
    diagnosticsStream?.on('data', (chunk: Buffer) => {
      diagnostics = (diagnostics + chunk.toString('utf8')).slice(-4096);
    });
    let outOfMemory = false;
    proc.stderr?.on('data', (chunk: Buffer) => {
      outOfMemory ||= OUT_OF_MEMORY.test(chunk.toString('utf8'));
    });
    // bwrap writes {"child-pid": N} as soon as the sandbox exists: hold its namespaces then.
    let held: HeldNamespaces | undefined;
    let watchdog: { stop(): void } | undefined;
    let processLimit = false;
    void proc.exited.then(() => watchdog?.stop());
    let info = '';
    const fd = proc.child.stdio[1];
    fd?.on('data', (chunk: Buffer) => {
      info += chunk.toString('utf8');
      const pid = /"child-pid"\s*:\s*(\d+)/.exec(info)?.[1];
      if (pid !== undefined && held === undefined) {
        trace('sandbox.ready');
        held = holdNamespaces(Number(pid));
        // Root is exempt from RLIMIT_NPROC: count the sandbox's processes instead.
        if (process.getuid?.() === 0) {
          watchdog = watchProcesses(Number(pid), settings.limits.processes, () => {
            processLimit = true;
            try {
              process.kill(Number(pid), 'SIGKILL'); // the namespace's init: all of it goes
            } catch {
              // already gone
            }
          });
        }
      }
    });
    fd?.on('error', () => undefined);
    const finish = (raw: ExitInfo): ExitInfo => {
      // The forwarder reports a command it could not start like spawn() does.
      const line = diagnostics.split('\n').find((l) => l.startsWith(SPAWN_ERROR_PREFIX));
      if (raw.code === 127 && line !== undefined) {
        return {
          code: null,
          signal: null,
          error: new Error(line.slice(SPAWN_ERROR_PREFIX.length)),
        };
      }
      const exit = signalOf(raw);
      const limit = processLimit
        ? `the process limit (limits.processes: ${settings.limits.processes})`
        : limitOf(exit, settings.limits, outOfMemory);
      return limit === undefined ? exit : { ...exit, limit };
    };
    let mapped: ExitInfo | undefined;
    const exitInfo = (): ExitInfo | undefined => {
      const raw = proc.exitInfo();
      if (raw) mapped ??= finish(raw);
      return mapped;
    };
    const exited = proc.exited.then(() => exitInfo() ?? { code: null, signal: null });
    let finalCount: number | undefined;
    let cleaned: Promise<void> | undefined;
    return {
      ...proc,
      exited,
      exitInfo,
      sandboxed: true,
      limitReached: () => (outOfMemory ? memoryLimit(settings.limits) : undefined),
      diagnostics: diagnosticsStream,
      blockedConnections: () => {
        if (finalCount !== undefined || held === undefined) return finalCount;
        const count = readBlockedConnections(held, proc.exitInfo() === undefined);
        if (proc.exitInfo() !== undefined) finalCount = count;
        return count;
      },
      refusedConnections: () => relay.refused() + dropped,
      terminate: async (options) => {
        watchdog?.stop();
        await proc.terminate(options);
        trace('sandbox.terminated');
        cleaned ??= relay.close().then(async () => {
          trace('sandbox.relay-closed');
          rmSync(dir, { recursive: true, force: true });
          if (held !== undefined) {
            const namespaces = held;
            // Off the harness's thread: the next runs, the sweep and the fakes go on meanwhile.
            finalCount ??= await readBlockedConnectionsAfterExit(namespaces);
            releaseNamespaces(namespaces);
          }
        });
        await cleaned;
      },
    };
  };
  return { spec: wrapped, layout: sandboxLayout(spec.stdin), attach };
}
