import { notFound } from '../../api-error.js';
import { text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { MRT_VERSIONS, normaliseMac, ok } from '../../routes/common.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import {
  clientsTrend,
  clientsUsage,
  mobilityTrail,
  topAps,
  topClients,
} from './client-resources.js';
import {
  bssids,
  clusterMembers,
  gatewayPorts,
  gatewayUplinks,
  radios,
  swarms,
  vlansOf,
} from './derived-resources.js';
import { envelope, type Envelope } from './envelopes.js';
import type { LastNext } from '../../paging.js';
import { device, devices } from './fixture-world.js';
import {
  onboardingCount,
  onboardingExport,
  onboardingReasons,
  onboardingScoreOf,
} from './onboarding-routes.js';
import { applications } from './applications.js';
import { siteTopology } from './site-topology.js';
import { apTunnels, clusterTunnels, gatewayTunnels, healthCounts } from './tunnels.js';
import { switchInterfaces, switchPoe, switchVlans } from './switch-resources.js';
import { stackMembers } from './stack-members.js';
import { switchVsx } from './switch-vsx.js';

type Build = (ctx: RouteContext) => Item[];
type One = (ctx: RouteContext) => Item;

/** A list endpoint: its items (derived from the bundle) in one of the documented envelopes. */
const list = (form: Envelope, build: Build, lastNext?: LastNext) => (ctx: RouteContext) =>
  ok(envelope(build(ctx), ctx.query, form, lastNext));

/** An item of a list by one of its fields, or 404. */
const member = (build: Build, field: string, param: string) => (ctx: RouteContext) => {
  const wanted = ctx.params[param] ?? '';
  const hit = build(ctx).find((i) => text(i[field]) === wanted);
  if (!hit) throw notFound(`Not found: ${wanted}`);
  return ok(hit);
};

const object = (build: One) => (ctx: RouteContext) => ok(build(ctx));

/** 404: the bundle has no such thing (a modem, a floor plan), but the path is served. */
const none =
  (what: string) =>
  (ctx: RouteContext): FakeResponse => {
    throw notFound(`${what} not found: ${Object.values(ctx.params).join('/')}`);
  };

const site = (ctx: RouteContext): string => {
  const id = ctx.params.site ?? '';
  if (!ctx.state.list('scope-sites.json').some((s) => text(s.id) === id)) {
    throw notFound(`Site not found: ${id}`);
  }
  return id;
};

const sn = (ctx: RouteContext): string => ctx.params.sn ?? '';
const empty: Build = () => [];
/** Name and attenuation (dB) of the standard wall types. */
const WALL_TYPES: [string, number][] = [
  ['Drywall', 3],
  ['Glass', 4],
  ['Brick', 8],
  ['Concrete', 12],
];

function gatewayVlans(ctx: RouteContext): Item[] {
  const gw = device(ctx.state, 'gateway', sn(ctx));
  return vlansOf(ctx.state, text(gw.siteId)).map((v) => ({
    adminStatus: 'Up',
    id: `${sn(ctx)}-vlan-${v.id}`,
    name: v.name.slice(0, 16),
    status: 'Up',
    type: 'network-monitoring/gateway-vlan',
    vlanId: Number(v.id),
    vlanType: 'Static',
  }));
}

function dhcpPools(ctx: RouteContext): Item[] {
  const gw = device(ctx.state, 'gateway', sn(ctx));
  const clients = ctx.state.list('clients.json').filter((c) => c.siteId === gw.siteId);
  return vlansOf(ctx.state, text(gw.siteId)).map((v) => {
    const leases = clients.filter((c) => text(c.vlanId) === v.id).length;
    return {
      availableAddresses: 253 - leases,
      currentLeases: leases,
      leaseDuration: 86_400,
      poolName: `${v.name}-pool`,
      poolSize: 253,
      subnet: `10.${v.id}.0.0/24`,
      utilization: Math.round((100 * leases) / 253),
      vlanId: Number(v.id),
      vlanName: v.name,
    };
  });
}

function clusterCheck(ctx: RouteContext): Item[] {
  return clusterMembers(ctx.state, ctx.params.cluster ?? '');
}

/**
 * Monitoring endpoints derived from the bundle, one line each: path under
 * `/network-monitoring/{v1,v1alpha1}/` → handler. Sub-resources come from the device they hang
 * under, so a gateway's VLANs, DHCP pools and ports agree with its site's clients, cluster members
 * are the gateways naming the cluster, top-N sums the same per-client usage `clients-usage` does.
 */
const TABLE: [string, (ctx: RouteContext) => FakeResponse][] = [
  ['radios', list('cursor', (c) => radios(c.state))],
  ['bssids', list('cursor', (c) => bssids(c.state))],
  ['swarms', list('cursor', (c) => swarms(c.state))],
  ['swarms/:id', member((c) => swarms(c.state), 'clusterId', 'id')],
  [
    'aps/:sn/tunnels',
    list('cursor', (c) => (device(c.state, 'ap', sn(c)), apTunnels(c.state, sn(c)))),
  ],
  ['aps/:sn/tunnels/:tunnel', member((c) => apTunnels(c.state, sn(c)), 'tunnelId', 'tunnel')],
  ['clusters/:cluster/members', list('cursor', clusterCheck)],
  ['clusters/:cluster/tunnels', list('cursor', (c) => clusterTunnels(c.state, clusterCheck(c)))],
  [
    'clusters/:cluster/tunnels-health-summary',
    object((c) => {
      const members = clusterCheck(c);
      return {
        deviceName: text(members[0]?.deviceName),
        id: text(members[0]?.id),
        serialNumber: text(members[0]?.id),
        siteId: text(members[0]?.siteId),
        type: 'network-monitoring/cluster',
        tunnelHealth: healthCounts(clusterTunnels(c.state, members)),
      };
    }),
  ],
  [
    'clusters/:cluster/tunnels-status-summary',
    object((c) => {
      const rows = clusterTunnels(c.state, clusterCheck(c));
      return {
        down: rows.filter((t) => t.status === 'Down').length,
        id: c.params.cluster ?? '',
        type: 'network-monitoring/cluster',
        up: rows.filter((t) => t.status === 'Up').length,
      };
    }),
  ],
  [
    'clusters/:cluster/vlan-mismatch',
    object((c) => ({
      clusterName: c.params.cluster ?? '',
      id: c.params.cluster ?? '',
      type: 'network-monitoring/cluster',
      good: clusterCheck(c).length,
      poor: 0,
    })),
  ],
  [
    'clusters/:cluster/connectivity-graph',
    object((c) => {
      const lead = clusterCheck(c)[0] ?? {};
      return {
        id: c.params.cluster ?? '',
        type: 'network-monitoring/cluster',
        nodes: {
          health: 'Good',
          name: text(lead.deviceName),
          role: text(lead.role),
          serialNumber: text(lead.serialNumber),
        },
      };
    }),
  ],
  ['gateways/:sn/ports', list('cursor', (c) => gatewayPorts(c.state, sn(c)))],
  ['gateways/:sn/ports/:port', member((c) => gatewayPorts(c.state, sn(c)), 'portNumber', 'port')],
  ['gateways/:sn/uplinks', list('cursor', (c) => gatewayUplinks(c.state, sn(c)))],
  ['gateways/:sn/uplinks/:link', member((c) => gatewayUplinks(c.state, sn(c)), 'linkTag', 'link')],
  [
    'gateways/:sn/uplinks/:link/probes',
    object((c) => {
      const link = c.params.link ?? '';
      if (!gatewayUplinks(c.state, sn(c)).some((u) => u.linkTag === link))
        throw notFound(`Uplink not found: ${link}`);
      return {
        id: `${sn(c)}-${link}`.slice(0, 36),
        items: [],
        type: 'network-monitoring/uplink-probes',
      };
    }),
  ],
  [
    'gateways/:sn/tunnels',
    list('cursor', (c) => (device(c.state, 'gateway', sn(c)), gatewayTunnels(c.state, sn(c)))),
  ],
  [
    'gateways/:sn/tunnels/:tunnel',
    member((c) => gatewayTunnels(c.state, sn(c)), 'tunnelName', 'tunnel'),
  ],
  ['gateways/:sn/vlans', list('cursor', gatewayVlans)],
  ['gateways/:sn/vlans/:vlan', member(gatewayVlans, 'vlanId', 'vlan')],
  ['gateways/:sn/dhcp-pools', list('cursor', dhcpPools)],
  ['gateways/:sn/dhcp-clients', list('cursor', (c) => (device(c.state, 'gateway', sn(c)), []))],
  [
    'gateways/:sn/lan-tunnels-health-summary',
    object((c) => {
      device(c.state, 'gateway', sn(c));
      const lan = gatewayTunnels(c.state, sn(c)).filter((t) => t.tunnelType === 'LAN');
      return {
        encapsulation: 'GRE',
        id: sn(c),
        tunnelHealth: healthCounts(lan),
        type: 'network-monitoring/gateway',
      };
    }),
  ],
  [
    'gateways/:sn/wan-tunnels-health-summary',
    object((c) => {
      device(c.state, 'gateway', sn(c));
      const counts = healthCounts(
        gatewayTunnels(c.state, sn(c)).filter((t) => t.tunnelType === 'WAN'),
      );
      return {
        health: counts.poor > 0 ? 'Poor' : 'Good',
        healthReasons: 'TUNNEL_STATUS',
        id: sn(c),
        tunnelHealth: counts,
        type: 'network-monitoring/gateway',
      };
    }),
  ],
  ['gateways/:sn/modem-stat', none('Modem')],
  ['switches/:sn/interfaces', list('offset-string', (c) => switchInterfaces(c.state, sn(c)))],
  ['switches/:sn/vlans', list('offset-string', (c) => switchVlans(c.state, sn(c)))],
  ['switches/:sn/interface-poe', list('offset-string', (c) => switchPoe(c.state, sn(c)))],
  ['switches/:sn/lag', list('count', (c) => (device(c.state, 'switch', sn(c)), []))],
  ['switches/:sn/vsx', object((c) => switchVsx(c.state, sn(c)))],
  [
    'switches/:sn/hardware-categories',
    list('count', (c) => {
      const sw = device(c.state, 'switch', sn(c));
      const ok = { health: 'Good' };
      return [
        {
          cpu: ok,
          id: sn(c),
          memory: ok,
          model: text(sw.model),
          role: text(sw.switchRole),
          type: 'network-monitoring/switch-hardware',
        },
      ];
    }),
  ],
  ['stack/:sn/members', object((c) => stackMembers(c.state, sn(c)))],
  ['top-aps-by-usage', list('count', (c) => topAps(c.state, c.query, 'all'))],
  ['top-aps-by-wired-usage', list('count', (c) => topAps(c.state, c.query, 'wired'))],
  ['top-aps-by-wireless-usage', list('count', (c) => topAps(c.state, c.query, 'wireless'))],
  ['clients-topn-usage', list('count', (c) => topClients(c.state, c.query))],
  ['clients-trend', object((c) => clientsTrend(c.state, c.query))],
  ['clients-usage', object((c) => clientsUsage(c.state, c.query))],
  [
    'clients/:mac/mobility-trail',
    // getClientMobilityDetails makes `next` optional: absent on the last page.
    list('cursor', (c) => mobilityTrail(c.state, c.params.mac ?? ''), 'absent'),
  ],
  ['client-onboarding-score', object(onboardingScoreOf)],
  ['client-onboarding-stage/count', onboardingCount],
  ['client-onboarding-stage/export', onboardingExport],
  ['client-onboarding-stage/reasons', onboardingReasons],
  [
    'catalogue-aps',
    list('count', (c) => {
      const models = new Map<string, Item>();
      for (const ap of devices(c.state, 'ap')) {
        models.set(text(ap.model), {
          id: text(ap.model),
          manufacturer: 'Aruba',
          partNumber: text(ap.partNumber),
          type: 'network-monitoring/catalogue-ap',
        });
      }
      return [...models.values()];
    }),
  ],
  ['applications', list('cursor', (c) => applications(c.state, c.query))],
  ['firewall-clients', list('cursor', empty)],
  ['client-firewall-sessions', list('cursor', empty)],
  ['site-firewall-sessions', list('cursor', empty)],
  [
    'application-categories',
    (c) => ok({ count: 0, items: [], offset: Number(c.query.get('offset') ?? 0) || 0, total: 0 }),
  ],
  [
    'website-categories',
    (c) => ok({ count: 0, items: [], offset: Number(c.query.get('offset') ?? 0) || 0, total: 0 }),
  ],
  [
    'security-risks',
    (c) => ok({ count: 0, items: [], offset: Number(c.query.get('offset') ?? 0) || 0, total: 0 }),
  ],
  [
    'wall-types',
    // The standard wall types every tenant has (the document requires at least one).
    object(() => {
      const items = WALL_TYPES.map(([name, attenuation], i) => ({
        attenuation,
        code: name.toUpperCase(),
        id: String(i + 1),
        name,
        type: 'STANDARD',
      }));
      return { count: items.length, defaultWallTypeId: '1', items };
    }),
  ],
  [
    'isolated-devices/:site',
    object((c) => ({ id: site(c), isolatedDevices: [], type: 'network-monitoring/topology' })),
  ],
  ['topology/:site', object((c) => siteTopology(c.state, site(c)))],
  [
    'neighbours/:sn',
    object((c) => ({ id: sn(c), neighbours: [], type: 'network-monitoring/topology' })),
  ],
  [
    'unmanaged-device/:mac',
    (c) => none('Unmanaged device')({ ...c, params: { mac: normaliseMac(c.params.mac ?? '') } }),
  ],
  [
    'sitemaps/sites',
    (c) => {
      const sites = c.state
        .list('scope-sites.json')
        .map((s) => ({ scopeId: text(s.id), scopeName: text(s.scopeName) }));
      return ok({ count: sites.length, items: sites, offset: 0, total: sites.length });
    },
  ],
  [
    'sitemaps-summary/:site',
    object((c) => {
      const id = site(c);
      const aps = devices(c.state, 'ap').filter((a) => a.siteId === id).length;
      return {
        deviceSummary: { nonassociatedDevices: { aps }, nondeployedDevices: { aps } },
        id,
        siteId: id,
        type: 'network-monitoring/sitemaps-summary',
      };
    }),
  ],
  ['sitemaps/:site/import/:id', none('Import')],
  // The documents require count >= 1 here: a site without a floor plan has nothing to answer.
  ['sitemaps/:site/network-devices-assigned', none('Floor plan')],
  ['sitemaps/:site/network-devices-deployed', none('Floor plan')],
  ['sitemaps/:site/network-devices-planned', none('Floor plan')],
];

/** The derived monitoring routes, v1 and v1alpha1. */
export const resourceRoutes: Route[] = TABLE.map(([path, handler]) => ({
  method: 'GET',
  pattern: `/network-monitoring/${MRT_VERSIONS}/${path}`,
  kind: 'read',
  handler,
}));
