import { readFileSync } from 'node:fs';

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
    return undefined; // IPv6 disabled in this kernel, or the file is gone
  }
};

/**
 * Connection attempts to non-loopback addresses made in the sandbox's network namespace, from
 * the kernel's own counters: in a namespace that has only loopback, every TCP connect and UDP
 * send to any other address fails with ENETUNREACH and the kernel counts it as `Ip: OutNoRoutes`
 * (IPv4, `net/snmp`) or `Ip6OutNoRoutes` (IPv6, `net/snmp6`). The counters say how many, not
 * where to. Read live from `/proc/<pid>/net/` while a process of the namespace runs, else from
 * the copies the forwarder left in `dir` when the server exited; undefined when neither exists.
 */
export function readBlockedConnections(pid: number | undefined, dir: string): number | undefined {
  for (const base of pid === undefined ? [dir] : [`/proc/${pid}/net`, dir]) {
    const snmp = readOptional(`${base}/snmp`);
    if (snmp === undefined) continue;
    const count = blockedFromSnmp(snmp, readOptional(`${base}/snmp6`));
    if (count !== undefined) return count;
  }
  return undefined;
}
