import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { device, unit } from './fixture-world.js';
import { vlansOf } from './derived-resources.js';

/** The uplink ports a switch's trend record names, e.g. `"['1/1/49']"`. */
function uplinks(sw: Item): string[] {
  const raw = text((sw.switchTrends as Item | undefined)?.upLinkPorts);
  return [...raw.matchAll(/\d+\/\d+\/\d+/g)].map((m) => m[0]);
}

/**
 * A switch's interfaces: access ports 1/1/1…1/1/N (24 on a 6100 or a model ending in F with 24
 * in its name, else 48) plus its uplinks; a port with clients on it is up, carries their VLAN
 * and names the first client as its neighbour, so interfaces agree with the client list.
 */
export function switchInterfaces(state: FakeState, serial: string): Item[] {
  const sw = device(state, 'switch', serial);
  const count = /6100|24/.test(text(sw.model)) ? 24 : 48;
  const up = uplinks(sw);
  const names = [
    ...Array.from({ length: count }, (_, i) => `1/1/${i + 1}`),
    ...up.filter((u) => !/^1\/1\/([1-9]|[1-3]\d|4[0-8])$/.test(u) || count === 24),
  ];
  const clients = state.list('clients.json').filter((c) => c.connectedDeviceSerial === serial);
  return [...new Set(names)].map((name, index) => {
    const here = clients.filter((c) => c.port === name);
    const uplink = up.includes(name);
    const active = uplink || here.length > 0;
    const vlan = Number(text(here[0]?.vlanId)) || 1;
    return {
      adminStatus: 'Up',
      connector: uplink ? 'SFP+' : 'RJ45',
      duplex: active ? 'Full' : 'Auto',
      id: `${serial}-${name}`,
      index: index + 1,
      name,
      nativeVlan: vlan,
      neighbour: text(here[0]?.clientName),
      operStatus: active ? 'Up' : 'Down',
      serialNumber: serial,
      speed: active ? (uplink ? 10000 : 1000) : 0,
      status: active ? 'Up' : 'Down',
      type: 'network-monitoring/switch-interface',
      uplink,
      vlanMode: uplink ? 'Trunk' : 'Access',
    };
  });
}

/** The switch's VLANs: its site's client VLANs, each listing the ports that carry it. */
export function switchVlans(state: FakeState, serial: string): Item[] {
  const sw = device(state, 'switch', serial);
  const ifaces = switchInterfaces(state, serial);
  return vlansOf(state, text(sw.siteId)).map((v) => ({
    id: v.id,
    interfaces: ifaces
      .filter((i) => text(i.nativeVlan) === v.id || i.uplink === true)
      .map((i) => text(i.name)),
    name: v.name,
    status: 'Up',
    type: 'network-monitoring/switch-vlan',
  }));
}

/** PoE draw of the ports with a client (a deterministic figure per port). */
export function switchPoe(state: FakeState, serial: string): Item[] {
  const sw = device(state, 'switch', serial);
  return switchInterfaces(state, serial)
    .filter((i) => i.operStatus === 'Up' && i.uplink !== true)
    .map((i) => ({
      id: text(i.id),
      name: text(i.name),
      powerDeniedCount: 0,
      powerDrawnInWatts: Math.round(40 + 100 * unit(text(i.id))) / 10,
      serialNumber: serial,
      siteId: text(sw.siteId),
      timestamp: Date.parse(state.now),
      type: 'network-monitoring/switch-poe',
    }));
}
