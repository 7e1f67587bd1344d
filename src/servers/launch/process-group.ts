import { spawn, type ChildProcess, type StdioPipe } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { trace } from '../../common/trace.js';

/** How a server process ended. */
export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be spawned at all (ENOENT, EACCES, bad cwd). */
  error?: Error;
  /** The resource limit the exit means (sandbox), e.g. `the CPU-time limit (limits.cpuSeconds: 600)`. */
  limit?: string;
}

/** A spawned server: the leader of its own process group. */
export interface GroupProcess {
  child: ChildProcess;
  /** The server's own stdin, stdout and stderr (fds 0–2 of the child, or where `layout` says). */
  stdin: Writable | null;
  stdout: Readable | null;
  stderr: Readable | null;
  /** Resolves once when the process has exited (or failed to spawn); never rejects. */
  exited: Promise<ExitInfo>;
  /** The exit, once it happened. */
  exitInfo(): ExitInfo | undefined;
  /**
   * Ends the process and everything it started: waits `graceMs` for it to exit on its own (a
   * stdio server exits when its stdin closes), then SIGTERM to the group, then SIGKILL to the
   * group (always, so grandchildren that ignore SIGTERM or outlive the leader go too).
   */
  terminate(options?: { graceMs?: number; termMs?: number }): Promise<void>;
  /**
   * A limit the server reached while it still runs — in the sandbox, its runtime said it ran
   * out of memory (a server that then hangs is reported by the limit, not as a call timeout).
   */
  limitReached?(): string | undefined;
}

const POSIX = process.platform !== 'win32';

/**
 * Waits until `exited` settles or `ms` pass, whichever comes first, and clears its timer either
 * way. A timer left running after the process exited (a `Promise.race` with a sleep) is harmless
 * to the run but holds the harness's own exit: after the last server's close the CLI sat idle for
 * up to 2 s, the SIGKILL wait's sleep, before it could end.
 */
export async function exitedWithin(exited: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
const live = new Set<number>();
let exitHookInstalled = false;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    // A negative pid addresses the whole process group the detached child leads.
    if (POSIX) process.kill(-pid, signal);
    else child.kill(signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Kills every server process group this harness started and has not seen end (the run's
 * deadline, src/run/execute/run-deadline.ts): their calls then fail at once instead of running out
 * their own timeouts. One bench runs per harness process, so "every" is this bench's.
 */
export function killLiveGroups(): void {
  for (const pid of live) {
    try {
      process.kill(POSIX ? -pid : pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The signals that end a harness from outside: Ctrl-C, a job cancelled or timed out, a hang-up. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Kills the server groups, then lets `signal` end the process as it would have without us. */
function onStopSignal(signal: NodeJS.Signals): void {
  killLiveGroups();
  for (const s of STOP_SIGNALS) process.off(s, onStopSignal);
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * Servers still running when the harness exits are killed with their groups, not orphaned. A
 * signal with no handler ends node without its 'exit' event, and the servers lead their own
 * sessions (setsid), so they would outlive a `run` stopped with Ctrl-C or a cancelled job: on
 * SIGINT/SIGTERM/SIGHUP the groups are killed first, then the signal is raised again, so the
 * harness still dies of it (exit status 128 + n) unless someone else handles that signal.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killLiveGroups);
  if (POSIX) for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);
}

/**
 * Which fds of the child are what: `stdio` as spawn() takes it, and the indices of the server's
 * own stdin, stdout and stderr in it (the sandbox passes them at fds 4–6, see wrap-in-sandbox).
 */
export interface StdioLayout {
  stdio: ('pipe' | 'ignore' | 'ipc')[];
  stdin: number;
  stdout: number;
  stderr: number;
}

/** A plain child: the server's streams are its fds 0–2. */
export const plainLayout = (stdin: 'pipe' | 'ignore'): StdioLayout => ({
  stdio: [stdin, 'pipe', 'pipe'],
  stdin: 0,
  stdout: 1,
  stderr: 2,
});

/**
 * Spawns `command` as the leader of a new process group (`detached`, i.e. setsid() on POSIX)
 * with exactly `env`, so that terminate() can signal the group and leave nothing behind.
 */
export function spawnGroup(
  command: string,
  args: readonly string[],
  options: {
    cwd: string;
    env: Record<string, string>;
    stdin: 'pipe' | 'ignore';
    /** Default: the plain layout (fds 0–2). */
    layout?: StdioLayout;
  },
): GroupProcess {
  const layout = options.layout ?? plainLayout(options.stdin);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: POSIX,
    stdio: layout.stdio as StdioPipe[],
    shell: false,
    windowsHide: true,
  });
  let info: ExitInfo | undefined;
  const exited = new Promise<ExitInfo>((resolve) => {
    child.once('exit', (code, signal) => {
      info ??= { code, signal };
      resolve(info);
    });
    child.once('error', (error) => {
      // 'error' without 'exit' means the spawn itself failed.
      if (child.pid === undefined) {
        info ??= { code: null, signal: null, error };
        resolve(info);
      }
    });
  });
  if (child.pid !== undefined) {
    // Kept until terminate(): the group may outlive its leader.
    live.add(child.pid);
    installExitHook();
  }
  let terminating: Promise<void> | undefined;
  const terminate = (opts: { graceMs?: number; termMs?: number } = {}): Promise<void> => {
    terminating ??= (async () => {
      if (child.pid === undefined) return;
      const { graceMs = 0, termMs = 1500 } = opts;
      if (!info && graceMs > 0) await exitedWithin(exited, graceMs);
      if (!info) {
        trace('terminate.sigterm');
        signalGroup(child, 'SIGTERM');
        await exitedWithin(exited, termMs);
      }
      if (!info) trace('terminate.sigkill');
      signalGroup(child, 'SIGKILL');
      await exitedWithin(exited, 2000);
      live.delete(child.pid);
    })();
    return terminating;
  };
  // A server that dies with our write in flight makes EPIPE on its stdin: its exit says why.
  for (const stream of child.stdio) stream?.on('error', () => undefined);
  return {
    child,
    stdin: (child.stdio[layout.stdin] as Writable | null | undefined) ?? null,
    stdout: (child.stdio[layout.stdout] as Readable | null | undefined) ?? null,
    stderr: (child.stdio[layout.stderr] as Readable | null | undefined) ?? null,
    exited,
    exitInfo: () => info,
    terminate,
  };
}

/** `exited with code 3`, `was killed by SIGKILL`, `could not be started: spawn x ENOENT`. */
export function describeExit(info: ExitInfo): string {
  if (info.error) return `could not be started: ${info.error.message}`;
  if (info.signal) {
    return `was killed by ${info.signal}${info.limit ? `: it reached ${info.limit}` : ''}`;
  }
  return `exited with code ${info.code ?? 'unknown'}${info.limit ? `: it reached ${info.limit}` : ''}`;
}
