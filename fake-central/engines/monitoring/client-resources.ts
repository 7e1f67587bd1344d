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

/** A client's trail: its current association (the bundle holds no roam history). */
export function mobilityTrail(state: FakeState, mac: string): Item[] {
  const wanted = normaliseMac(mac).toLowerCase();
  const client = state
    .list('clients.json')
    .find((c) => text(c.macAddress).toLowerCase() === wanted);
  if (!client) throw notFound(`Client not found: ${mac}`);
  if (text(client.clientConnectionType) === 'Wired') return [];
  const ap = state.list('aps.json').find((a) => a.serialNumber === client.connectedDeviceSerial);
  return [
    {
      destinationAp: text(ap?.deviceName),
      id: `${text(client.macAddress)}-1`,
      occurredAt: text(client.connectedAt),
      radioBand: text(client.wirelessBand),
      roamProtocol: '802.11',
      toBssid: text(client.bssid),
      toChannel: text(client.wirelessChannel),
      type: 'network-monitoring/mobility-trail',
      wlanName: text(client.wlanName),
    },
  ];
}

const STAGES = ['assoc', 'auth', 'dhcp', 'dns'] as const;

/** Onboarding per stage: a client that failed (status Failed) failed at `auth`. */
export function onboardingScore(state: FakeState, query: URLSearchParams): Item {
  const site = query.get('site-id');
  const all = state.list('clients.json').filter((c) => site === null || text(c.siteId) === site);
  const failed = all.filter((c) => text(c.status) === 'Failed').length;
  const items = STAGES.map((stage) => {
    const ok = stage === 'assoc' ? all.length : all.length - failed;
    const pct = all.length === 0 ? 100 : Math.round((100 * ok) / all.length);
    return { score: `${ok}/${all.length}`, scorePercentage: String(pct), stage };
  });
  const overall =
    all.length === 0 ? '100' : String(Math.round((100 * (all.length - failed)) / all.length));
  return {
    count: items.length,
    id: site ?? 'tenant',
    items,
    overallScore: overall,
    type: 'network-monitoring/onboarding-score',
  };
}
