import { notFound } from '../../api-error.js';
import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item, Json } from '../../types.js';
import { arrayOf, device, devices, num, unit } from './fixture-world.js';

/** A field as the documents' string-typed figures (`"20"` for 20, `""` for null). */
const str = (v: Json | undefined): string => text(v);

/** Clients attached to a device (by serial) or to a radio/BSSID (by MAC). */
function clientsOn(state: FakeState, where: (c: Item) => boolean): Item[] {
  return state.list('clients.json').filter(where);
}

/** Every AP radio, in the monitoring `radios` shape, from the AP details. */
export function radios(state: FakeState, serial?: string): Item[] {
  const aps = serial === undefined ? devices(state, 'ap') : [device(state, 'ap', serial)];
  return aps.flatMap((row) => {
    const ap = device(state, 'ap', text(row.serialNumber));
    return arrayOf(ap, 'radios').map((r) => {
      const stats = (r.radioStats ?? {}) as Item;
      const mac = text(r.macAddress);
      return {
        antenna: str(r.antenna),
        band: str(r.band),
        bandwidth: str(r.bandwidth),
        channel: str(r.channel),
        channelUtilization: str(stats.channelUtilization),
        clientCount: clientsOn(state, (c) => c.radioMacAddress === mac).length,
        deviceName: text(ap.deviceName),
        id: `${text(ap.serialNumber)}-radio-${str(r.radioNumber)}`,
        macAddress: mac,
        mode: str(r.mode),
        noiseFloor: str(stats.noiseFloor),
        power: str(r.power),
        radioNumber: num(r, 'radioNumber', 0),
        radioType: str(r.radioType),
        serialNumber: text(ap.serialNumber),
        siteId: text(ap.siteId),
        siteName: text(ap.siteName),
        spatialStream: str(r.spatialStream),
        status: text(r.status) === 'UP' ? 'UP' : 'DOWN',
        type: 'network-monitoring/radio',
      };
    });
  });
}

/** One BSSID per radio and WLAN the AP broadcasts; a client's `bssid` is its radio's MAC. */
export function bssids(state: FakeState): Item[] {
  return devices(state, 'ap').flatMap((row) => {
    const ap = device(state, 'ap', text(row.serialNumber));
    const wlans = arrayOf(ap, 'wlans');
    return arrayOf(ap, 'radios').flatMap((r) =>
      wlans.map((w, i) => {
        const mac = text(r.macAddress);
        return {
          bssid: mac,
          clientCount: clientsOn(state, (c) => c.bssid === mac && c.wlanName === w.wlanName).length,
          clusterId: text(ap.clusterId),
          deviceName: text(ap.deviceName),
          id: `${text(ap.serialNumber)}-${str(r.radioNumber)}-${i}`,
          macAddress: text(ap.macAddress),
          radioMacAddress: mac,
          radioNumber: num(r, 'radioNumber', 0),
          serialNumber: text(ap.serialNumber),
          siteId: text(ap.siteId),
          siteName: text(ap.siteName),
          type: 'network-monitoring/bssid',
          wlanName: text(w.wlanName),
        };
      }),
    );
  });
}

/** AP swarms: the APs grouped by `clusterId`; the conductor is the AP whose role says so, else the first. */
export function swarms(state: FakeState): Item[] {
  const groups = new Map<string, Item[]>();
  for (const ap of devices(state, 'ap')) {
    const id = text(ap.clusterId);
    if (id === '') continue;
    groups.set(id, [...(groups.get(id) ?? []), ap]);
  }
  return [...groups].map(([clusterId, members]) => {
    const lead = members.find((m) => /conductor|leader/i.test(text(m.role))) ?? members[0] ?? {};
    return {
      clusterId,
      clusterName: text(lead.clusterName),
      conductorDeviceName: text(lead.deviceName),
      conductorSerialNumber: text(lead.serialNumber),
      firmwareVersion: text(lead.firmwareVersion),
      id: clusterId.slice(0, 36),
      ipv4: text(lead.ipv4),
      membersCount: members.length,
      publicIpAddress: text(lead.publicIpv4),
      siteId: text(lead.siteId),
      siteName: text(lead.siteName),
      type: 'network-monitoring/swarm',
    };
  });
}

/** The gateways of a gateway cluster (404 when no gateway names it). */
export function clusterMembers(state: FakeState, cluster: string): Item[] {
  const members = devices(state, 'gateway').filter((g) => text(g.clusterName) === cluster);
  if (members.length === 0) throw notFound(`Cluster not found: ${cluster}`);
  const lastSeen = new Date(Date.parse(state.now) - 60_000).toISOString();
  return members.map((g) => ({
    clusterName: cluster,
    deviceName: text(g.deviceName),
    firmwareVersion: text(g.firmwareVersion),
    id: text(g.serialNumber),
    ipv4: text(g.ipAddress),
    ipv6: '::',
    lastSeenAt: lastSeen,
    macAddress: text(g.macAddress),
    model: text(g.model),
    partNumber: text(g.model).slice(0, 12),
    role: ['Isoleader', 'Leader', 'Member'].includes(text(g.role)) ? text(g.role) : 'Member',
    serialNumber: text(g.serialNumber),
    siteId: text(g.siteId),
    siteName: text(g.siteName),
    softwareVersion: text(g.firmwareVersion),
    status: /online|up/i.test(text(g.status)) ? 'ONLINE' : 'OFFLINE',
    type: 'network-monitoring/cluster-member',
  }));
}

/**
 * A gateway's ports: one per VLAN its clients use plus the uplink, numbered from 1; traffic
 * figures are fixed per port (a deterministic level), so repeated reads agree.
 */
export function gatewayPorts(state: FakeState, serial: string): Item[] {
  const gw = device(state, 'gateway', serial);
  const vlans = [
    ...new Set(clientsOn(state, (c) => c.siteId === gw.siteId).map((c) => text(c.vlanId))),
  ]
    .filter((v) => v !== '')
    .sort((a, b) => Number(a) - Number(b));
  const names = ['WAN', ...vlans.map((v) => `VLAN${v}`)];
  return names.map((_name, i) => {
    const seed = `${serial}/port/${i + 1}`;
    const sent = Math.round(1e8 * unit(`${seed}/tx`));
    const received = Math.round(1e8 * unit(`${seed}/rx`));
    return {
      adminState: 'Enabled',
      broadcastPackets: Math.round(1e4 * unit(`${seed}/b`)),
      collisions: 0,
      connectorType: 'RJ45',
      crcErrors: 0,
      duplex: 'Full',
      giants: 0,
      health: 'Good',
      healthReasons: [],
      id: `${serial}-port-${i + 1}`,
      macAddress: text(gw.macAddress),
      mtu: 1500,
      multicastPackets: Math.round(1e4 * unit(`${seed}/m`)),
      name: i === 0 ? 'GE0/0/0' : `GE0/0/${i}`,
      operState: 'Up',
      portNumber: i + 1,
      portType: i === 0 ? 'Trunk' : 'Access',
      runts: 0,
      speed: 1000,
      throughput: { received: Math.round(received / 3600), sent: Math.round(sent / 3600) },
      totalPackets: Math.round((sent + received) / 800),
      type: 'network-monitoring/gateway-port',
      usage: { received, sent, total: sent + received },
      vlan: i === 0 ? '1' : (vlans[i - 1] ?? '1'),
    };
  });
}

/** A gateway's single WAN uplink (port 1 of gatewayPorts). */
export function gatewayUplinks(state: FakeState, serial: string): Item[] {
  const gw = device(state, 'gateway', serial);
  const wan = gatewayPorts(state, serial)[0] ?? {};
  return [
    {
      id: `${serial}-uplink-1`,
      isBackupUplink: false,
      linkStatus: 'Up',
      linkTag: 'INTERNET',
      privateIpAddress: text(gw.ipAddress),
      publicIpAddress: '203.0.113.1',
      status: 'Up',
      throughput: wan.throughput ?? { received: 0, sent: 0 },
      type: 'network-monitoring/gateway-uplink',
      usage: wan.usage ?? { received: 0, sent: 0, total: 0 },
      vlanId: 1,
      wanStatus: 'Up',
    },
  ];
}

/** The VLANs a device's site uses (from its clients), as gateway or switch VLAN rows. */
export function vlansOf(state: FakeState, siteId: string): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const c of clientsOn(state, (c) => c.siteId === siteId)) {
    const id = text(c.vlanId);
    if (id !== '' && !seen.has(id)) seen.set(id, text(c.vlanName) || `VLAN${id}`);
  }
  return [...seen].sort((a, b) => Number(a[0]) - Number(b[0])).map(([id, name]) => ({ id, name }));
}
