import { createHash } from 'node:crypto';
import { text } from '../json.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import type { DeviceType } from './troubleshooting-specs.js';

/** What a finished troubleshooting task reports. */
export interface TestResult {
  output: Json;
  failReason: string | null;
  rawOutput: string | null;
}

export interface TestInput {
  state: FakeState;
  device: Item;
  type: DeviceType;
  action: string;
  body: Item;
}

function seed(value: string): number {
  return parseInt(createHash('sha256').update(value).digest('hex').slice(0, 8), 16);
}

function resolve(name: string): string {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) ? name : `203.0.113.${(seed(name) % 254) + 1}`;
}

function gatewayIp(device: Item): string {
  const ip = text(device.ipv4 ?? device.ipAddress);
  return /^\d+\.\d+\.\d+\.\d+$/.test(ip) ? ip.replace(/\d+$/, '1') : '10.0.0.1';
}

function ms(base: number, n: number): string {
  return (base + (seed(`${base}:${n}`) % 900) / 100).toFixed(3);
}

function ping({ device, type, body }: TestInput): TestResult {
  const dest = text(body.destination);
  const ip = resolve(dest);
  const count = typeof body.count === 'number' ? body.count : 5;
  const size = typeof body.packetSize === 'number' ? body.packetSize : 56;
  const times = Array.from({ length: count }, (_, i) => ms(seed(text(device.serialNumber)) % 5, i));
  const sorted = [...times].sort((a, b) => Number(a) - Number(b));
  const min = sorted[0] ?? '0.000';
  const max = sorted[sorted.length - 1] ?? '0.000';
  const avg = (times.reduce((s, t) => s + Number(t), 0) / Math.max(1, count)).toFixed(3);
  const summary = `round-trip min/avg/max = ${min}/${avg}/${max} ms`;
  if (type === 'gateways') {
    return {
      output: {
        destination: dest,
        sentPacketsCount: String(count),
        receivedPacketsCount: String(count),
        successRatePercent: '100',
        packetSizeBytes: String(size + 36),
        timeoutSeconds: '2',
        minimumLatencyMilliseconds: min,
        averageLatencyMilliseconds: avg,
        maximumLatencyMilliseconds: max,
      },
      failReason: null,
      rawOutput: `Sending ${count}, ${size + 36}-byte ICMP Echos to ${dest}, timeout is 2 seconds:\n${'!'.repeat(count)}\nSuccess rate is 100 percent (${count}/${count}), ${summary}\n`,
    };
  }
  const replies = times.map((t, i) => ({
    sentPacketAddress: ip,
    sentPacketIcmpSequenceNumber: String(i),
    sentPacketSizeBytes: String(size + 8),
    sentPacketTimeMilliseconds: t,
    sentPacketTimeToLive: '64',
  }));
  return {
    output: {
      destination: dest,
      resolvedIp: ip,
      transmittedPacketsCount: String(count),
      receivedPacketsCount: String(count),
      packetLossPercent: '0',
      minimumRoundTripTimeMilliseconds: min,
      averageRoundTripTimeMilliseconds: avg,
      maximumRoundTripTimeMilliseconds: max,
      replies,
    },
    failReason: null,
    rawOutput: [
      `PING ${dest} (${ip}): ${size} data bytes`,
      ...times.map((t, i) => `${size + 8} bytes from ${ip}: icmp_seq=${i} ttl=64 time=${t} ms`),
      `--- ${dest} ping statistics ---`,
      `${count} packets transmitted, ${count} packets received, 0% packet loss`,
      summary,
    ].join('\n'),
  };
}

function traceroute({ device, type, body }: TestInput): TestResult {
  const dest = text(body.destination);
  const ip = resolve(dest);
  const hops = [gatewayIp(device), '198.51.100.1', ip].map((addr, i) => ({
    hop: String(i + 1),
    probes: [0, 1, 2].map((n) => ({
      ipAddress: addr,
      responseTimeMilliseconds: `${ms(1 + i * 4, n)} ms`,
      reverseDnsResolution: addr,
    })),
  }));
  const withIp = type === 'aps' || type === 'cx';
  return {
    output: { destination: dest, ...(withIp ? { resolvedIp: ip } : {}), hops },
    failReason: null,
    rawOutput: [
      `traceroute to ${dest} (${ip}), 30 hops max, 60 byte packets`,
      ...hops.map(
        (h) =>
          `${h.hop.padStart(2)}  ${h.probes[0]?.ipAddress ?? ''}  ${h.probes.map((p) => p.responseTimeMilliseconds).join('  ')}`,
      ),
    ].join('\n'),
  };
}

function aaa({ type, body }: TestInput): TestResult {
  const server = text(type === 'cx' ? body.radiusServerIp : body.serverName);
  const output: Item =
    type === 'cx'
      ? {
          authMethodType: body.authMethodType ?? 'pap',
          authenticationStatus: 'accept',
          radiusServerIp: server,
          username: body.username ?? '',
        }
      : { authenticationStatus: 'Passed', serverName: server };
  return { output, failReason: null, rawOutput: `Authentication succeeded against ${server}\n` };
}

function arpTable({ state, device, type }: TestInput): TestResult {
  const serial = text(device.serialNumber);
  const clients = state
    .list('clients.json')
    .filter((c) =>
      type === 'gateways'
        ? text(c.siteId) === text(device.siteId)
        : text(c.connectedDeviceSerial) === serial,
    )
    .filter((c) => typeof c.ipv4 === 'string' && c.ipv4 !== '')
    .slice(0, 24);
  const mac = (c: Item): string => text(c.macAddress).toLowerCase();
  const entries: Item[] = clients.map((c) =>
    type === 'gateways'
      ? {
          protocol: 'Internet',
          address: c.ipv4 ?? '',
          macAddress: mac(c),
          interfaceAndPort: `vlan${text(c.vlanId)}`,
        }
      : type === 'aos-s'
        ? {
            entryType: 'dynamic',
            ipAddress: c.ipv4 ?? '',
            macAddress: mac(c)
              .replace(/:/g, '')
              .replace(/^(.{6})/, '$1-'),
            port: text(c.port) || '1',
          }
        : {
            ipAddress: c.ipv4 ?? '',
            hardwareType: '0x1',
            flags: '0x2',
            macAddress: mac(c),
            mask: '*',
            device: `br0.${text(c.vlanId)}`,
          },
  );
  const rows = clients.map((c) => `${text(c.ipv4).padEnd(16)} ${mac(c)}  vlan${text(c.vlanId)}`);
  return {
    output: { entries },
    failReason: null,
    rawOutput: ['IP address       HW address         Interface', ...rows].join('\n'),
  };
}

function nslookup({ device, body }: TestInput): TestResult {
  const host = text(body.host);
  const dnsServer = typeof body.dnsServer === 'string' ? body.dnsServer : gatewayIp(device);
  return {
    output: { dnsServer, hostName: host, resolvedAddresses: [resolve(host)] },
    failReason: null,
    rawOutput: `Server:\t${dnsServer}\nName:\t${host}\nAddress: ${resolve(host)}\n`,
  };
}

function portResults({ action, type, body }: TestInput): TestResult {
  const ports = Array.isArray(body.ports) ? body.ports.map((p) => text(p)) : [];
  const results: Item[] = ports.map((port) =>
    action === 'cableTest'
      ? {
          cablePairDiagnostics: ['1-2', '3-6', '4-5', '7-8'].map((pairName) => ({
            accuracy: '10',
            length: String(2 + (seed(port) % 60)),
            pairName,
            status: 'Good',
          })),
          interfaceName: port,
          ...(type === 'cx' ? { state: 'complete' } : {}),
        }
      : { port, status: 'Bounced' },
  );
  // The poll documents type `output.ports` a string ("the list of ports"), the request an array.
  return { output: { ports: ports.join(', '), results }, failReason: null, rawOutput: null };
}

/** Plausible results built from the request and the device, for tests the fixture did not record. */
export const DEFAULTS: Record<string, (input: TestInput) => TestResult> = {
  ping,
  traceroute,
  aaa,
  getArpTable: arpTable,
  nslookup,
  cableTest: portResults,
  portBounce: portResults,
  poeBounce: portResults,
};
