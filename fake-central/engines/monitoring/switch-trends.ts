import { notFound } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { MRT_VERSIONS, ok } from '../../routes/common.js';
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import { clientUsage } from './client-resources.js';
import { device, devices } from './fixture-world.js';
import { switchInterfaces } from './switch-resources.js';

// The metrics of one sample, in the order clients index them (nowireless4u reads data[3] as
// poeAvailable and data[4] as poeConsumption: tools/switch_poe.py:25-27,75-78 @91fe984).
const KEYS = [
  'cpuUtilization',
  'memoryUtilization',
  'systemTemperature',
  'poeAvailable',
  'poeConsumption',
  'powerConsumption',
  'totalPowerConsumption',
] as const;
const UNITS = ['%', '%', 'C', 'W', 'W', 'W', 'W'];
const TYPE = 'network-monitoring/switch-monitoring';

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * Switch trend answers come wrapped in `response` (SPEC.md §13 D12): the monitoring document
 * puts the trend object at the top level, but HPE's SDK reads every switch trend answer from a
 * `response` member (pycentral 2.0a25 `utils/monitoring_utils.py:231,561`) and nowireless4u
 * unwraps it when present (`tools/switch_poe.py:55`, `tools/monitoring.py:204 @91fe984`).
 */
const wrapped = (inner: Item): FakeResponse => ok({ response: inner });

function switchOf(state: FakeState, sn: string): Item {
  const listed = state.list('switches.json').some((s) => s.serialNumber === sn);
  const detail = state.object('switch-details.json')[sn];
  if (!listed || !isItem(detail)) throw notFound(`Switch not found: ${sn}`);
  return detail;
}

/**
 * `GET …/switches/{serial}/hardware-trends` (getSwitchHardwareTrendsV1: `{id*, type*, metric,
 * keys[], units[], switchMetrics[{serialNumber, switchRole, samples[{timestamp, data[]}]}]}`),
 * built from the switch's `switchTrends` in the bundle: one sample at the bundle's `now`. The
 * `filter` time range is accepted, not applied.
 */
function hardwareTrends({ state, params }: RouteContext): FakeResponse {
  const sn = params.sn ?? '';
  const detail = switchOf(state, sn);
  const trends: Item = isItem(detail.switchTrends) ? detail.switchTrends : {};
  return wrapped({
    id: sn,
    type: TYPE,
    metric: 'SwitchNetworkHardwareTrends',
    keys: [...KEYS],
    units: UNITS,
    switchMetrics: [
      {
        serialNumber: sn,
        switchRole: typeof detail.switchRole === 'string' ? detail.switchRole : 'Standalone',
        samples: [{ timestamp: Date.parse(state.now), data: KEYS.map((k) => num(trends[k])) }],
      },
    ],
  });
}

/** Bytes through one interface over the window: the usage of the clients on that port. */
function interfaceBytes(state: FakeState, sn: string, port: string): number {
  return state
    .list('clients.json')
    .filter((c) => c.connectedDeviceSerial === sn && c.port === port)
    .reduce((sum, c) => sum + clientUsage(c), 0);
}

/**
 * `GET …/switches/{serial}/interface-trends` (getSwitchConnectivityrendsV1: `{id*, type*,
 * interfaceId, keys[], units[], samples[{timestamp, data[]}], uplink}`): rx/tx bytes of one
 * interface (`interface-id`, default the first uplink), one sample at `now` carrying the bytes of
 * the clients on that port, so the trend agrees with the client list.
 */
function interfaceTrends({ state, params, query }: RouteContext): FakeResponse {
  const sn = params.sn ?? '';
  switchOf(state, sn);
  const ifaces = switchInterfaces(state, sn);
  const wanted = query.get('interface-id');
  const iface =
    wanted === null
      ? (ifaces.find((i) => i.uplink === true) ?? ifaces[0])
      : ifaces.find((i) => text(i.name) === wanted);
  if (!iface) throw notFound(`Interface not found: ${sn}/${wanted ?? ''}`);
  const name = text(iface.name);
  const bytes =
    iface.uplink === true
      ? state
          .list('clients.json')
          .filter((c) => c.connectedDeviceSerial === sn)
          .reduce((sum, c) => sum + clientUsage(c), 0)
      : interfaceBytes(state, sn, name);
  return wrapped({
    id: sn,
    type: TYPE,
    interfaceId: name,
    metric: 'SwitchInterfaceTrends',
    keys: ['rxBytes', 'txBytes'],
    units: ['bytes', 'bytes'],
    uplink: iface.uplink === true,
    samples: [
      {
        timestamp: Date.parse(state.now),
        data: [Math.round(bytes * 0.6), Math.round(bytes * 0.4)],
      },
    ],
  });
}

/**
 * `GET …/switches/topn-interface-trends` (getTopnSwitchConnectivityTrendsV1: `{items[{id*,
 * type*, serial, name, siteId, rxBytes, txBytes}], count*}`): the busiest access interfaces of
 * the site's switches (all sites without `site-id`), by the bytes of the clients on them.
 */
function topInterfaces({ state, query }: RouteContext): FakeResponse {
  const site = query.get('site-id');
  const items: Item[] = [];
  for (const sw of devices(state, 'switch')) {
    const sn = text(sw.serialNumber);
    if (site !== null && text(sw.siteId) !== site) continue;
    device(state, 'switch', sn);
    for (const iface of switchInterfaces(state, sn)) {
      if (iface.uplink === true) continue;
      const bytes = interfaceBytes(state, sn, text(iface.name));
      if (bytes === 0) continue;
      items.push({
        id: `${sn}-${text(iface.name)}`,
        type: TYPE,
        serial: sn,
        name: text(iface.name),
        siteId: text(sw.siteId),
        rxBytes: Math.round(bytes * 0.6),
        txBytes: Math.round(bytes * 0.4),
      });
    }
  }
  const total = (i: Item): number => Number(i.rxBytes) + Number(i.txBytes);
  items.sort((a, b) => total(b) - total(a) || text(a.id).localeCompare(text(b.id)));
  const top = items.slice(0, 10);
  return wrapped({ count: top.length, items: top });
}

const route = (path: string, handler: Route['handler']): Route => ({
  method: 'GET',
  pattern: `/network-monitoring/${MRT_VERSIONS}/switches/${path}`,
  kind: 'read',
  handler,
});

/** Switch trend endpoints (SPEC.md §4, §12); all-routes.ts puts them ahead of `switches/:sn`. */
export const switchTrendRoutes: Route[] = [
  route('topn-interface-trends', topInterfaces),
  route(':sn/hardware-trends', hardwareTrends),
  route(':sn/interface-trends', interfaceTrends),
];
