import { readdirSync, readlinkSync } from 'node:fs';

/** How often the watchdog counts the sandbox's processes. */
const EVERY_MS = 250;

/**
 * RLIMIT_NPROC is not applied by the kernel to root (kernel/fork.c: `user != INIT_USER`), so
 * when the harness runs as root (a container) the sandbox's process limit is kept by counting:
 * every EVERY_MS the processes whose PID namespace is the sandbox's (`/proc/<pid>/ns/pid`), and
 * when there are more than `max`, `onExceeded` (which kills the sandbox). Unref'd; stop() ends it.
 */
export function watchProcesses(
  sandboxPid: number,
  max: number,
  onExceeded: (count: number) => void,
): { stop(): void } {
  let ns: string;
  try {
    ns = readlinkSync(`/proc/${sandboxPid}/ns/pid`);
  } catch {
    return { stop: () => undefined };
  }
  const count = (): number => {
    let n = 0;
    for (const entry of readdirSync('/proc')) {
      if (entry.charCodeAt(0) < 48 || entry.charCodeAt(0) > 57) continue;
      try {
        if (readlinkSync(`/proc/${entry}/ns/pid`) === ns) n++;
      } catch {
        // exited meanwhile
      }
    }
    return n;
  };
  const timer = setInterval(() => {
    const n = count();
    if (n > max) {
      clearInterval(timer);
      onExceeded(n);
    }
  }, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
