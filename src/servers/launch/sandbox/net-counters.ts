import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** util-linux nsenter (enters the held namespaces to read the counters after the sandbox ended). */
const NSENTER = 'nsenter';
const NSENTER_ARGS = [
  '--user=/proc/self/fd/3',
  '--net=/proc/self/fd/4',
  'cat',
  '/proc/self/net/snmp',
  '/proc/self/net/snmp6',
];
const NSENTER_TIMEOUT_MS = 5000;

/** `Ip: Forwarding DefaultTTL …` / `Ip: 2 64 …`: the value of `field` in the `prefix` pair. */
function snmpField(text: string, prefix: string, field: string): number | undefined {
  const lines = text.split('\n').filter((line) => line.startsWith(`${prefix}:`));
  const names = lines[0]?.split(/\s+/).slice(1) ?? [];
  const values = lines[1]?.split(/\s+/).slice(1) ?? [];
  const index = names.indexOf(field);
  const value = index < 0 ? undefined : Number(values[index]);
  return value === undefined || Number.isNaN(value) ? undefined : value;
}

/** `Ip6OutNoRoutes  3` in /proc/net/snmp6. */
function snmp6Field(text: string, field: string): number | undefined {
  const match = new RegExp(`^${field}\\s+(\\d+)`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

/** OutNoRoutes (IPv4) + Ip6OutNoRoutes (IPv6) from the texts of snmp and snmp6. */
export function blockedFromSnmp(snmp: string, snmp6: string | undefined): number | undefined {
  const v4 = snmpField(snmp, 'Ip', 'OutNoRoutes');
  if (v4 === undefined) return undefined;
  return v4 + (snmp6 === undefined ? 0 : (snmp6Field(snmp6, 'Ip6OutNoRoutes') ?? 0));
}

const readOptional = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // IPv6 disabled in this kernel, or the process is gone
  }
};

/** The namespaces of a sandbox, held open by the harness so they outlive its processes. */
export interface HeldNamespaces {
  pid: number;
  user: number;
  net: number;
}

/** Opens /proc/<pid>/ns/{user,net} of the sandbox's first process; undefined when it is gone. */
export function holdNamespaces(pid: number): HeldNamespaces | undefined {
  try {
    const user = openSync(`/proc/${pid}/ns/user`, 'r');
    try {
      return { pid, user, net: openSync(`/proc/${pid}/ns/net`, 'r') };
    } catch {
      closeSync(user);
      return undefined;
    }
  } catch {
    return undefined;
  }
}

export function releaseNamespaces(held: HeldNamespaces): void {
  for (const fd of [held.user, held.net]) {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
  }
}

/**
 * Connection attempts to non-loopback addresses made in the sandbox's network namespace, from
 * the kernel's own counters: in a namespace that has only loopback, every TCP connect and UDP
 * send to any other address fails with ENETUNREACH and the kernel counts it as `Ip: OutNoRoutes`
 * (IPv4, `net/snmp`) or `Ip6OutNoRoutes` (IPv6, `net/snmp6`). The counters say how many, not
 * where to. Only the harness reads them, from the kernel: live from `/proc/<pid>/net/` while the
 * sandbox's first process runs, and after it exited by entering the namespace it still holds
 * (`nsenter --user --net`, allowed to the user that created the sandbox) — nothing the server
 * can write is read. Undefined when neither works.
 */
export function readBlockedConnections(held: HeldNamespaces, alive: boolean): number | undefined {
  if (alive) {
    const snmp = readOptional(`/proc/${held.pid}/net/snmp`);
    if (snmp !== undefined) {
      const count = blockedFromSnmp(snmp, readOptional(`/proc/${held.pid}/net/snmp6`));
      if (count !== undefined) return count;
    }
  }
  const result = spawnSync(NSENTER, NSENTER_ARGS, {
    stdio: ['ignore', 'pipe', 'ignore', held.user, held.net],
    encoding: 'utf8',
    timeout: NSENTER_TIMEOUT_MS,
  });
  // cat exits 1 when snmp6 is missing (no IPv6) but has printed snmp.
  return blockedFromSnmp(result.stdout ?? '', result.stdout ?? '');
}

/**
 * The count once the sandbox has ended, as {@link readBlockedConnections} reads it through
 * `nsenter`, without blocking the harness's thread: a close reads it after every server, and
 * `spawnSync` held every other slot, the sweep and the fakes for the child's whole life (a
 * fork and two execs, ~2 s of a default run's main thread at load 10).
 */
export function readBlockedConnectionsAfterExit(held: HeldNamespaces): Promise<number | undefined> {
  return new Promise((resolve) => {
    let out = '';
    const child = spawn(NSENTER, NSENTER_ARGS, {
      stdio: ['ignore', 'pipe', 'ignore', held.user, held.net],
      timeout: NSENTER_TIMEOUT_MS,
    });
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => (out += chunk));
    child.on('error', () => resolve(undefined)); // no nsenter: as spawnSync's empty stdout
    // cat exits 1 when snmp6 is missing (no IPv6) but has printed snmp.
    child.on('close', () => resolve(blockedFromSnmp(out, out)));
  });
}
