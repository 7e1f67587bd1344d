import { notFound } from '../../api-error.js';
import { text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { MRT_VERSIONS, ok } from '../../routes/common.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import { device, devices, unit, type DeviceFamily } from './fixture-world.js';

/**
 * Metric trends: every `…-trends` endpoint of the monitoring document answers the same shape,
 * `{id, type, metric, graph: {keys, samples: [{timestamp, data}], samplingIntervalInMinutes}}`
 * (SPEC.md §trends). One line per endpoint: the path under `/network-monitoring/v1/`, the device
 * family whose serial it takes (`-` for none), and the series keys; a key naming a field of the
 * device (`cpuUtilization`) ends at that field's value, so the last sample is what the device
 * detail says now. Others are generated around a per-device level.
 */
const TRENDS = `
aps/:sn/cpu-utilization-trends                          ap cpuUtilization
aps/:sn/memory-utilization-trends                       ap memoryUtilization
aps/:sn/power-consumption-trends                        ap powerConsumption
aps/:sn/throughput-trends                               ap tx,rx
aps/:sn/ports/:port/collisions-trends                   ap collisions
aps/:sn/ports/:port/crc-trends                          ap crcErrors
aps/:sn/ports/:port/frames-trends                       ap txFrames,rxFrames
aps/:sn/ports/:port/throughput-trends                   ap tx,rx
aps/:sn/radios/:radio/channel-quality-trends            ap channelQuality
aps/:sn/radios/:radio/channel-utilization-trends        ap channelUtilization
aps/:sn/radios/:radio/frames-trends                     ap txFrames,rxFrames
aps/:sn/radios/:radio/noise-floor-trends                ap noiseFloor
aps/:sn/radios/:radio/throughput-trends                 ap tx,rx
aps/:sn/tunnels/:tunnel/jitter-trends                   ap jitter
aps/:sn/tunnels/:tunnel/latency-trends                  ap latency
aps/:sn/tunnels/:tunnel/mos-trends                      ap mos
aps/:sn/tunnels/:tunnel/packet-loss-trends              ap packetLoss
aps/:sn/tunnels/:tunnel/throughput-trends               ap tx,rx
aps/:sn/wlans/:wlan/throughput-trends                   ap tx,rx
clusters/:cluster/capacity-trends                       -  capacity
clusters/:cluster/capacity-trends/:sn                   gateway capacity
gateways/:sn/cpu-utilization-trends                     gateway cpuUtilization
gateways/:sn/hardware-temperature-trends                gateway temperature
gateways/:sn/memory-utilization-trends                  gateway memoryUtilization
gateways/:sn/ports/:port/frames-errors-trends           gateway txErrors,rxErrors
gateways/:sn/ports/:port/frames-packets-trends          gateway txPackets,rxPackets
gateways/:sn/ports/:port/frames-trends                  gateway txFrames,rxFrames
gateways/:sn/ports/:port/throughput-trends              gateway tx,rx
gateways/:sn/tunnels/:tunnel/dropped-packet-trends      gateway droppedPackets
gateways/:sn/tunnels/:tunnel/status-trends              gateway up
gateways/:sn/tunnels/:tunnel/throughput-trends          gateway tx,rx
gateways/:sn/uplinks/:link/probes/:probe/performance-trends gateway latency,jitter,packetLoss
gateways/:sn/uplinks/:link/throughput-trends            gateway tx,rx
gateways/:sn/uplinks/:link/wan-availability-trends      gateway availability
gateways/:sn/uplinks/:link/wan-compression-trends       gateway compression
gateways/:sn/uplinks/:link/vpn-availability-trends      gateway availability
gateways/:sn/vpn-availability-trends                    gateway availability
gateways/:sn/wan-availability-trends                    gateway availability
wlans/:wlan/throughput-trends                           -  tx,rx
`;

interface TrendSpec {
  path: string;
  family: DeviceFamily | null;
  keys: string[];
}

const SPECS: TrendSpec[] = TRENDS.trim()
  .split('\n')
  .map((line) => {
    const [path = '', family = '-', keys = ''] = line.trim().split(/\s+/);
    return {
      path,
      family: family === '-' ? null : (family as DeviceFamily),
      keys: keys.split(','),
    };
  });

/** Samples every 5 minutes over the 3 hours up to the bundle's clock (SPEC.md §trends). */
const INTERVAL_MIN = 5;
const WINDOW_MIN = 180;

/** A level per key: percentages stay in 0–100, counters scale with the key. */
function level(key: string, seed: string): number {
  if (/Utilization|Quality|availability|capacity|compression/.test(key))
    return 20 + 60 * unit(seed);
  if (key === 'noiseFloor') return -95 + 10 * unit(seed);
  if (key === 'up') return 1;
  if (/tx|rx/.test(key)) return Math.round(1e6 + 9e6 * unit(seed));
  if (/latency|jitter|temperature/.test(key)) return Math.round(5 + 40 * unit(seed));
  if (key === 'mos') return 3.5 + unit(seed);
  return Math.round(100 * unit(seed));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** One series: deterministic wobble around the level, ending exactly at `last` when known. */
function series(keys: string[], seed: string, now: string, current: Item): Item[] {
  const end = Date.parse(now);
  const count = WINDOW_MIN / INTERVAL_MIN;
  const samples: Item[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const at = end - i * INTERVAL_MIN * 60_000;
    const data = keys.map((key) => {
      const base = typeof current[key] === 'number' ? current[key] : level(key, `${seed}/${key}`);
      if (i === 0 || key === 'up') return round(base);
      const wobble = 1 + 0.2 * (unit(`${seed}/${key}/${at}`) - 0.5);
      return round(key === 'noiseFloor' ? base + 4 * (wobble - 1) : Math.max(0, base * wobble));
    });
    samples.push({ timestamp: new Date(at).toISOString(), data });
  }
  return samples;
}

function handler(spec: TrendSpec) {
  return ({ state, params }: RouteContext): FakeResponse => {
    const sn = params.sn ?? '';
    const subject = spec.family ? device(state, spec.family, sn) : {};
    if (params.cluster !== undefined) {
      const members = devices(state, 'gateway').filter(
        (g) => text(g.clusterName) === params.cluster,
      );
      if (members.length === 0) throw notFound(`Cluster not found: ${params.cluster}`);
    }
    // A tenant-wide WLAN trend of a WLAN that does not exist is not a 404: live Central answers
    // the usual timestamps with null values (SPEC.md §13 D18), while WLAN details 404.
    const tenantWlan = params.wlan !== undefined && spec.family === null;
    const unknownWlan =
      tenantWlan && !state.list('wlans.json').some((w) => text(w.wlanName) === params.wlan);
    // Sub-resource trends (a port, radio, tunnel) vary per sub-resource; the device's own
    // figures (cpuUtilization…) anchor only device-level series.
    const sub = [params.port, params.radio, params.tunnel, params.link, params.probe, params.wlan];
    const anchored = sub.every((s) => s === undefined) ? subject : {};
    const seed = [spec.path, sn, params.cluster, ...sub].join('/');
    const metric =
      spec.path
        .split('/')
        .filter((s) => s.endsWith('-trends'))
        .pop() ?? 'trends';
    // Cluster capacity answers name which capacity the series measure (monitoring document,
    // getClusterCapacityTrendV1: client_capacity or device_capacity).
    const capacity = metric === 'capacity-trends' ? { capacityType: 'client_capacity' } : {};
    const samples = series(spec.keys, seed, state.now, anchored);
    return ok({
      ...capacity,
      ...(tenantWlan
        ? // The WLAN trend names itself as the monitoring document's example does
          // (WLANThroughputTrend) and a client's fixture of a live answer shows.
          {
            id: `wlans/${params.wlan}`,
            type: 'network-monitoring/access-point-monitoring',
            metric: 'wlan_throughput',
          }
        : {
            id: sn !== '' ? sn : (params.cluster ?? ''),
            type: 'network-monitoring/trends',
            metric: metric.replace(/-trends$/, ''),
          }),
      graph: {
        keys: spec.keys,
        samples: unknownWlan
          ? samples.map((s) => ({ ...s, data: spec.keys.map(() => null) }))
          : samples,
        samplingIntervalInMinutes: INTERVAL_MIN,
      },
    });
  };
}

/** The trend routes, one per table line, v1 and v1alpha1. */
export const trendRoutes: Route[] = SPECS.map((spec) => ({
  method: 'GET',
  pattern: `/network-monitoring/${MRT_VERSIONS}/${spec.path}`,
  kind: 'read',
  handler: handler(spec),
}));
