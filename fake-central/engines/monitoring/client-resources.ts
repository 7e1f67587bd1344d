import { notFound } from '../../api-error.js';
import { text } from '../../json.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import { normaliseMac } from '../../routes/common.js';
import { unit } from './fixture-world.js';

/** Bytes a client moved in the window: fixed per MAC, so usage, top-N and per-AP sums agree. */
export function clientUsage(client: Item): number {
  return Math.round(5e6 + 2e9 * unit(`usage/${text(client.macAddress)}`) ** 2);
}

function connected(state: FakeState, query: URLSearchParams): Item[] {
  const site = query.get('site-id');
  return state
    .list('clients.json')
    .filter((c) => text(c.status) === 'Connected' && (site === null || text(c.siteId) === site));
}

/** Top clients by usage, largest first. */
export function topClients(state: FakeState, query: URLSearchParams): Item[] {
  return connected(state, query)
    .map((c) => ({
      clientConnectionType: text(c.clientConnectionType) === 'Wired' ? 'Wired' : 'Wireless',
      clientName: text(c.clientName),
      id: text(c.macAddress),
      macAddress: text(c.macAddress),
      siteId: text(c.siteId),
      siteName: text(c.siteName),
      type: 'network-monitoring/client-usage',
      usage: clientUsage(c),
    }))
    .sort((a, b) => b.usage - a.usage || a.id.localeCompare(b.id));
}

/** Top APs by the usage of their clients (`wired`/`wireless` split by connection type). */
export function topAps(
  state: FakeState,
  query: URLSearchParams,
  kind: 'all' | 'wired' | 'wireless',
): Item[] {
  const byAp = new Map<string, number>();
  for (const c of connected(state, query)) {
    if (text(c.connectedDeviceType) !== 'AP') continue;
    const wired = text(c.clientConnectionType) === 'Wired';
    if ((kind === 'wired' && !wired) || (kind === 'wireless' && wired)) continue;
    const sn = text(c.connectedDeviceSerial);
    byAp.set(sn, (byAp.get(sn) ?? 0) + clientUsage(c));
  }
  const aps = state.list('aps.json');
  return aps
    .map((ap) => ({
      deviceName: text(ap.deviceName),
      id: text(ap.serialNumber),
      serialNumber: text(ap.serialNumber),
      totalValue: byAp.get(text(ap.serialNumber)) ?? 0,
      type: 'network-monitoring/top-ap',
      units: 'Bytes',
    }))
    .sort((a, b) => b.totalValue - a.totalValue || a.id.localeCompare(b.id));
}

const SAMPLES = 36;

/** `{interval, keys, samples[{ts, data}]}` over the last 3 hours; the last sample is now's figure. */
function clientSeries(state: FakeState, keys: string[], now: number[], seed: string): Item {
  const end = Date.parse(state.now);
  const samples = Array.from({ length: SAMPLES }, (_, k) => {
    const i = SAMPLES - 1 - k;
    const at = end - i * 300_000;
    const data = now.map((v, j) =>
      i === 0 ? v : Math.max(0, Math.round(v * (0.8 + 0.4 * unit(`${seed}/${j}/${at}`)))),
    );
    // The documents list `ts` among the sample properties but require `timestamp`: send both.
    const iso = new Date(at).toISOString();
    return { data, timestamp: iso, ts: iso };
  });
  return { interval: '5 mins', keys, samples, type: 'network-monitoring/client-trend' };
}

/** Connected clients over time, wired and wireless. */
export function clientsTrend(state: FakeState, query: URLSearchParams): Item {
  const list = connected(state, query);
  const wired = list.filter((c) => text(c.clientConnectionType) === 'Wired').length;
  return {
    id: query.get('site-id') ?? 'tenant',
    ...clientSeries(state, ['wired', 'wireless'], [wired, list.length - wired], 'clients-trend'),
  };
}

/** Client traffic over time: the last sample spreads the window's usage over its 36 samples. */
export function clientsUsage(state: FakeState, query: URLSearchParams): Item {
  const total = connected(state, query).reduce((n, c) => n + clientUsage(c), 0);
  const per = Math.round(total / SAMPLES);
  return clientSeries(
    state,
    ['tx', 'rx'],
    [Math.round(per * 0.3), per - Math.round(per * 0.3)],
    'clients-usage',
  );
}

/**
 * A client's trail: one entry per association the event list logs for it (oldest first), each
 * from the AP before it, at the event's time; with none logged, the current association at
 * `connectedAt` (a client that never connected: its last-seen time). Times are on the bundle's
 * clock, as the events are.
 */
export function mobilityTrail(state: FakeState, mac: string): Item[] {
  const wanted = normaliseMac(mac).toLowerCase();
  const client = state
    .list('clients.json')
    .find((c) => text(c.macAddress).toLowerCase() === wanted);
  if (!client) throw notFound(`Client not found: ${mac}`);
  if (text(client.clientConnectionType) === 'Wired') return [];
  const apName = (serial: unknown) =>
    text(state.list('aps.json').find((a) => a.serialNumber === serial)?.deviceName);
  // The client's own channel for its current BSSID (the client list's), else the radio's.
  const radioChannel = (bssid: string) => {
    if (bssid === text(client.bssid) && text(client.wirelessChannel) !== '')
      return text(client.wirelessChannel);
    for (const detail of Object.values(state.object('ap-details.json'))) {
      const radios = (detail as Item | null)?.radios;
      const radio = Array.isArray(radios)
        ? (radios as Item[]).find((r) => text(r.macAddress) === bssid)
        : undefined;
      if (radio) return text(radio.channel);
    }
    return '';
  };
  const hops = state
    .list('events.json')
    .filter(
      (e) =>
        e.clientMacAddress === client.macAddress && e.eventName === 'Client Association Success',
    )
    .sort((a, b) => text(a.timeAt).localeCompare(text(b.timeAt)))
    .map((e) => ({ ap: apName(e.serialNumber), at: text(e.timeAt), bssid: text(e.bssid) }));
  if (hops.length === 0)
    hops.push({
      ap: apName(client.connectedDeviceSerial),
      at: text(client.connectedAt) || text(client.lastSeenAt),
      bssid: text(client.bssid),
    });
  return hops.map((hop, i) => {
    const from = hops[i - 1];
    return {
      destinationAp: hop.ap,
      ...(from
        ? { fromBssid: from.bssid, fromChannel: radioChannel(from.bssid), sourceAp: from.ap }
        : {}),
      id: `${text(client.macAddress)}-${i + 1}`,
      occurredAt: hop.at,
      radioBand: text(client.wirelessBand),
      roamProtocol: '802.11',
      toBssid: hop.bssid,
      toChannel: radioChannel(hop.bssid),
      type: 'network-monitoring/mobility-trail',
      wlanName: text(client.wlanName),
    };
  });
}
