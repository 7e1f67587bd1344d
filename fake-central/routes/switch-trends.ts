import { notFound } from '../api-error.js';
import type { Route, RouteContext } from '../router.js';
import type { FakeResponse, Item } from '../types.js';
import { isItem } from '../json.js';
import { MRT_VERSIONS, ok } from './common.js';

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

const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * `GET /network-monitoring/v1/switches/{serial}/hardware-trends` (monitoring OAS
 * `HardwareTrendsResponse`: `{id*, type*, metric, keys[], units[], switchMetrics[{serialNumber,
 * switchRole, samples[{timestamp, data[]}]}]}`), built from the switch's `switchTrends` in the
 * bundle: one sample at the bundle's `now`. The `filter` time range is accepted, not applied.
 */
function hardwareTrends({ state, params }: RouteContext): FakeResponse {
  const sn = params.sn ?? '';
  const listed = state.list('switches.json').some((s) => s.serialNumber === sn);
  const detail = state.object('switch-details.json')[sn];
  if (!listed || !isItem(detail)) throw notFound(`Switch not found: ${sn}`);
  const trends: Item = isItem(detail.switchTrends) ? detail.switchTrends : {};
  return ok({
    id: sn,
    type: 'network-monitoring/switch-monitoring',
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

/** Switch trend endpoints (SPEC.md §4, §12). */
export const switchTrendRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `/network-monitoring/${MRT_VERSIONS}/switches/:sn/hardware-trends`,
    kind: 'read',
    strict: true,
    queryParams: ['site-id', 'filter'],
    handler: hardwareTrends,
  },
];
