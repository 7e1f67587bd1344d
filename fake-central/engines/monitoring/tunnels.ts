import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { devices, unit } from './fixture-world.js';

/**
 * The tunnels of the world, one model for every tunnel endpoint and summary: each AP at a site
 * with a gateway holds a GRE tunnel to that gateway (the overlay WLAN's, `overlay-wlan.json`
 * names the employee SSID and the site clusters), and each gateway but the world's first holds
 * an IPsec WAN tunnel to the first (the hub). A tunnel is Up when both ends are online, else
 * Down with health Poor; the summaries count these same tunnels, so lists and summaries agree.
 */
export interface Tunnel {
  kind: 'LAN' | 'WAN';
  gateway: Item;
  /** The far end: an AP for a LAN tunnel, the hub gateway for a WAN one. */
  peer: Item;
  up: boolean;
  ssid: string;
}

function online(row: Item): boolean {
  return /^online$/i.test(text(row.status));
}

/** Every tunnel of the world, gateways and APs in list order. */
export function worldTunnels(state: FakeState): Tunnel[] {
  const gateways = devices(state, 'gateway');
  const bySite = new Map<string, Item>();
  for (const g of gateways) if (!bySite.has(text(g.siteId))) bySite.set(text(g.siteId), g);
  const overlay = state.list('overlay-wlan.json')[0];
  const ssid = text(overlay?.['essid-name']);
  const lan = devices(state, 'ap').flatMap((ap): Tunnel[] => {
    const gateway = bySite.get(text(ap.siteId));
    if (!gateway) return [];
    return [{ kind: 'LAN', gateway, peer: ap, up: online(ap) && online(gateway), ssid }];
  });
  const [hub, ...spokes] = gateways;
  const wan = hub
    ? spokes.map((gateway): Tunnel => ({
        kind: 'WAN',
        gateway,
        peer: hub,
        up: online(gateway) && online(hub),
        ssid: '',
      }))
    : [];
  return [...lan, ...wan];
}

const ip = (row: Item): string => text(row.ipv4) || text(row.ipAddress);
const name = (t: Tunnel): string =>
  t.kind === 'LAN' ? `gre-${text(t.peer.deviceName)}` : `ipsec-${text(t.peer.deviceName)}`;

/** A gateway's tunnels (getGatewayTunnelListV1): its LAN tunnels to APs, its WAN tunnels. */
export function gatewayTunnels(state: FakeState, serial: string): Item[] {
  const hubWan = (t: Tunnel) => t.kind === 'WAN' && t.peer.serialNumber === serial;
  return worldTunnels(state)
    .filter((t) => t.gateway.serialNumber === serial || hubWan(t))
    .map((t) => {
      // The hub sees a spoke's WAN tunnel from its own end.
      const [self, far] = hubWan(t) ? [t.peer, t.gateway] : [t.gateway, t.peer];
      const seed = `${text(self.serialNumber)}/${text(far.serialNumber)}`;
      const sent = Math.round(1e6 + 9e6 * unit(`${seed}/tx`));
      const received = Math.round(1e6 + 9e6 * unit(`${seed}/rx`));
      const wan = t.kind === 'WAN';
      return {
        authentication: wan ? 'SHA-2 256' : '',
        destinationIpAddress: ip(far),
        droppedPackets: t.up ? 0 : Math.round(100 * unit(`${seed}/drop`)),
        encapsulation: wan ? 'IPSec' : 'GRE',
        encryption: wan ? 'AES-256' : 'ESP-NULL',
        gateway: text(self.deviceName),
        greTunnelId: wan ? '' : String(1 + Math.floor(4000 * unit(seed))),
        greTunnelIpAddress: wan ? '0.0.0.0' : ip(far),
        health: t.up ? 'Good' : 'Poor',
        healthReasons: [t.up ? 'GOOD_PERFORMANCE' : 'TUNNEL_STATUS'],
        id: `${text(self.serialNumber)}-${text(far.serialNumber)}`,
        inSpi: wan ? Math.floor(1e9 * unit(`${seed}/in`)) : 0,
        lastConnected: (Date.parse(state.now) - (t.up ? 86_400_000 : 8_100_000)) / 1000,
        lastDownReason: t.up ? 'SA expired' : 'DPD failure',
        macAddress: text(far.macAddress),
        // The document's enum has 'Orchestrated' while its maxLength is 10 (SPEC.md §13 D22).
        mode: wan ? 'IKE' : 'Orchestrated',
        mtu: wan ? 1400 : 1500,
        natEnabled: false,
        nextReKey: wan ? Math.floor(Date.parse(state.now) / 1000) + 3600 : 0,
        outSpi: wan ? Math.floor(1e9 * unit(`${seed}/out`)) : 0,
        peerType: wan ? 'Branch Gateway' : 'Access Point',
        sourceIpAddress: ip(self),
        status: t.up ? 'Up' : 'Down',
        throughput: t.up
          ? { received: Math.round(received / 3600), sent: Math.round(sent / 3600) }
          : { received: 0, sent: 0 },
        tunnelName: name(hubWan(t) ? { ...t, peer: t.gateway } : t),
        tunnelType: t.kind,
        type: 'network-monitoring/gateway-tunnel',
        uplinkName: wan ? 'uplink-1' : '',
        uptime: t.up ? '86400' : '0',
        usage: { received, sent, total: received + sent },
        vlanId: 1,
        vni: 0,
      };
    });
}

/** An AP's tunnels (getAccessPointTunnelListV1): its GRE tunnel to the site gateway. */
export function apTunnels(state: FakeState, serial: string): Item[] {
  return worldTunnels(state)
    .filter((t) => t.kind === 'LAN' && t.peer.serialNumber === serial)
    .map((t, i) => ({
      active: t.up,
      cryptoType: 'TUNNEL_CRYPTO_TYPE_UNSPECIFIED',
      destinationIpAddress: ip(t.gateway),
      destinationMacAddress: text(t.gateway.macAddress),
      destinationName: text(t.gateway.deviceName),
      encapsulationType: 'GRE',
      id: `${serial}-${text(t.gateway.serialNumber)}`,
      index: String(i + 1),
      lastChangeReason: t.up ? 'Tunnel established' : 'Heartbeat lost',
      sourceIpAddress: ip(t.peer),
      status: t.up ? 'Up' : 'Down',
      tunnelId: `${serial}-${text(t.gateway.serialNumber)}`,
      tunnelName: `gre-${text(t.gateway.deviceName)}`,
      type: 'network-monitoring/ap-tunnel',
      uptimeInMillis: t.up ? 86_400_000 : 0,
    }));
}

/** A gateway cluster's tunnels (getGatewayClusterTunnelListV1): its members' LAN tunnels. */
export function clusterTunnels(state: FakeState, members: Item[]): Item[] {
  const serials = new Set(members.map((m) => text(m.id)));
  const sites = new Map(state.list('scope-sites.json').map((s) => [text(s.id), text(s.scopeName)]));
  return worldTunnels(state)
    .filter((t) => t.kind === 'LAN' && serials.has(text(t.gateway.serialNumber)))
    .slice(0, 100)
    .map((t) => ({
      destinationIpAddress: ip(t.peer),
      destinationName: text(t.peer.deviceName),
      destinationSerial: text(t.peer.serialNumber),
      destinationSite: sites.get(text(t.peer.siteId)) ?? '',
      encapsulation: 'GRE',
      gateway: text(t.gateway.deviceName),
      gatewayRole: text(t.gateway.role) === 'Member' ? 'Member' : 'Isoleader',
      health: t.up ? 'Good' : 'Poor',
      healthReasons: t.up ? [] : ['TUNNEL_STATUS'],
      id: `${text(t.gateway.serialNumber)}-${text(t.peer.serialNumber)}`,
      sourceIpAddress: ip(t.gateway),
      ssid: t.ssid,
      status: t.up ? 'Up' : 'Down',
      tunnelName: `gre-${text(t.peer.deviceName)}`,
      type: 'network-monitoring/cluster-tunnel',
      vni: 0,
    }));
}

/** Good/Fair/Poor counts of tunnels by their health. */
export function healthCounts(rows: Item[]): { fair: number; good: number; poor: number } {
  return {
    fair: rows.filter((r) => r.health === 'Fair').length,
    good: rows.filter((r) => r.health === 'Good').length,
    poor: rows.filter((r) => r.health === 'Poor').length,
  };
}
