import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { device } from './fixture-world.js';

/** The topology's device `type` words, from the monitoring list's `deviceType`. */
const TYPE: Record<string, string> = {
  ACCESS_POINT: 'Access Point',
  GATEWAY: 'Gateway',
  SWITCH: 'Switch',
};

function health(status: string): string {
  return status === 'ONLINE' ? 'Good' : 'Poor';
}

function node(row: Item): Item {
  const status = text(row.status);
  const seen = Date.parse(text(row.lastSeenAt));
  return {
    deployment: text(row.deployment) || 'Standalone',
    deviceFunction: text(row.deviceFunction),
    health: health(status),
    internet: row.deviceType === 'GATEWAY',
    ipv4: text(row.ipv4),
    lastSeen: Number.isNaN(seen) ? 0 : seen / 1000,
    mac: text(row.macAddress).toUpperCase(),
    model: text(row.model),
    name: text(row.deviceName),
    serial: text(row.serialNumber),
    status,
    type: TYPE[text(row.deviceType)] ?? text(row.deviceType),
  };
}

function port(name: string, index: number, linkHealth: string): Item {
  return { health: linkHealth, index, name };
}

function link(from: Item, to: Item, ports: [Item, Item], speed: number): Item {
  const linkHealth = from.status === 'ONLINE' && to.status === 'ONLINE' ? 'Good' : 'Poor';
  return {
    edgeType: 'ETHERNET',
    from: text(from.serial),
    fromPortList: [{ ...ports[0], health: linkHealth }],
    health: linkHealth,
    isSibling: false,
    speed,
    stpState: 'FORWARDING',
    to: text(to.serial),
    toPortList: [{ ...ports[1], health: linkHealth }],
  };
}

/** A switch's first uplink port as its trend record names it (`"['1/1/49']"`), else 1/1/49. */
function uplinkOf(state: FakeState, serial: string): string {
  const trends = device(state, 'switch', serial).switchTrends;
  const raw =
    trends !== null && typeof trends === 'object' ? text((trends as Item).upLinkPorts) : '';
  return /\d+\/\d+\/\d+/.exec(raw)?.[0] ?? '1/1/49';
}

/**
 * A site's link topology (getLinkTopology), derived from the devices the site lists: every
 * switch hangs off the site's first gateway by its uplink port, and the APs share the switches
 * round-robin on the switch's last access ports (counting down, clear of the low ports the
 * client list puts wired clients on). Offline devices stay on the graph with Poor links, so no
 * device is isolated, as `isolated-devices/{site-id}` says. `devices` and `links` are lists
 * (SPEC.md §13 D21).
 */
export function siteTopology(state: FakeState, siteId: string): Item {
  const rows = state.list('devices.json').filter((d) => text(d.siteId) === siteId);
  const nodes = rows.map(node);
  const of = (type: string) => rows.filter((r) => r.deviceType === type).map(node);
  const [gateway, ...peers] = of('GATEWAY');
  const switches = of('SWITCH');
  const links: Item[] = [];
  switches.forEach((sw, i) => {
    if (!gateway) return;
    const up = uplinkOf(state, text(sw.serial));
    const upIndex = Number(up.split('/').pop());
    links.push(link(gateway, sw, [port(`0/0/${i + 2}`, i + 2, ''), port(up, upIndex, '')], 10));
  });
  // A site's other gateways are the first one's cluster peers, on the ports after the switches.
  peers.forEach((peer, j) => {
    if (!gateway) return;
    const at = switches.length + 2 + j;
    links.push({
      ...link(gateway, peer, [port(`0/0/${at}`, at, ''), port('0/0/1', 1, '')], 10),
      isSibling: true,
    });
  });
  const taken = new Map<string, number>();
  of('ACCESS_POINT').forEach((ap, i) => {
    const sw = switches[i % Math.max(1, switches.length)] ?? gateway;
    if (!sw) return;
    const ports = /6100|24/.test(text(sw.model)) ? 24 : 48;
    const n = taken.get(text(sw.serial)) ?? 0;
    taken.set(text(sw.serial), n + 1);
    const index = ports - (n % ports);
    const at = sw === gateway ? `0/0/${index}` : `1/1/${index}`;
    links.push(link(sw, ap, [port(at, index, ''), port('eth0', 0, '')], 1));
  });
  return {
    devices: nodes,
    id: siteId,
    isolatedDevicesCount: 0,
    isolatedHealth: 'Good',
    links,
    type: 'topology',
  };
}
