import { notFound } from '../api-error.js';
import { text } from '../json.js';
import { cursorPage, offsetPage } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { Item, Json } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import {
  byParam,
  listView,
  findOr404,
  MRT_VERSIONS,
  normaliseMac,
  ok,
  publicView,
} from './common.js';

const P = `/network-monitoring/${MRT_VERSIONS}`;

function siteHealthOk(): Item {
  return {
    code: 'SITE-HEALTH-SUCCESS-001',
    message: 'Site health fetched successfully',
    status: 'SUCCESS',
  };
}

/**
 * The site-health lists document a `siteId` filter (listSitesHealthV1 & co.) while their items
 * carry the site id as `id`.
 */
const SITE_ID_FILTER = { siteId: 'id' };

/** Offset-paged site lists (sites-health & co.). KK sends `next=1` here; it is accepted and ignored. */
function siteList(file: string, withResponse: boolean) {
  return ({ state, query }: RouteContext): FakeResponse => {
    const items = listView(state, file, query, { aliases: SITE_ID_FILTER });
    const page = offsetPage(items, query, {
      defaultLimit: 100,
      maxLimit: 1000,
    });
    return ok(withResponse ? { ...page, response: siteHealthOk() } : page);
  };
}

function cursorList(
  file: string,
  defaultLimit: number,
  maxLimit: number,
  scope?: (items: Item[], q: URLSearchParams) => Item[],
) {
  return ({ state, query }: RouteContext): FakeResponse => {
    const items = listView(state, file, query, scope ? { scope } : {});
    return ok(cursorPage(items, query, { defaultLimit, maxLimit }));
  };
}

function deviceDetail(listFile: string, detailFile: string, label: string) {
  return ({ state, params }: RouteContext): FakeResponse => {
    const sn = params.sn ?? '';
    const item = findOr404(state.list(listFile), 'serialNumber', sn, `${label} not found: ${sn}`);
    const extra = state.object(detailFile)[sn];
    const detail =
      extra !== null && typeof extra === 'object' && !Array.isArray(extra) ? extra : {};
    return ok({ ...publicView(item), ...publicView(detail) });
  };
}

function apSub(field: string) {
  return ({ state, params }: RouteContext): FakeResponse => {
    const sn = params.sn ?? '';
    findOr404(state.list('aps.json'), 'serialNumber', sn, `Access point not found: ${sn}`);
    const detail = state.object('ap-details.json')[sn];
    const list =
      detail !== null && typeof detail === 'object' && !Array.isArray(detail)
        ? detail[field]
        : undefined;
    // The documents require an `id`, the `type` and the AP's `siteId` on each sub-resource row
    // (getAccessPointPortListV1, getAccessPointRadioListV1); the fixture rows omit them.
    const ap = state.list('aps.json').find((a) => a.serialNumber === sn) ?? {};
    const items = (Array.isArray(list) ? (list as Item[]) : []).map((row, i) => ({
      id: `${sn}-${field}-${text(row.portIndex ?? row.radioNumber ?? i)}`,
      siteId: text(ap.siteId),
      type: `network-monitoring/ap-${field.replace(/s$/, '')}`,
      ...row,
    }));
    return ok({ count: items.length, items, next: null, total: items.length });
  };
}

function clientScope(items: Item[], query: URLSearchParams): Item[] {
  let out = byParam(items, query, 'site-id', 'siteId');
  out = byParam(out, query, 'site-name', 'siteName');
  return byParam(out, query, 'serial-number', 'connectedDeviceSerial');
}

function wlanScope(items: Item[], query: URLSearchParams): Item[] {
  const sites = query.get('site-id');
  if (sites === null || sites === '') return items;
  const wanted = sites.split(',');
  return items.filter((w) => {
    const ids = w._siteIds;
    return !Array.isArray(ids) || ids.some((id) => wanted.includes(text(id)));
  });
}

function clientDetail({ state, params }: RouteContext): FakeResponse {
  const mac = normaliseMac(params.mac ?? '');
  const client = state.list('clients.json').find((c) => normaliseMac(text(c.macAddress)) === mac);
  if (!client) throw notFound(`Client not found: ${params.mac ?? ''}`);
  return ok(publicView(client));
}

function wlanDetail({ state, params }: RouteContext): FakeResponse {
  const name = params.name ?? '';
  const wlan = state.list('wlans.json').find((w) => w.wlanName === name);
  if (!wlan) throw notFound(`WLAN not found: ${name}`, 'HPE_GL_NETWORK_MONITORING_WLAN_NOT_FOUND');
  return ok(publicView(wlan));
}

function tenantHealth(file: string, typeKey: string, type: string) {
  return ({ state }: RouteContext): FakeResponse => {
    const merged = new Map<string, Record<string, number>>();
    for (const site of state.list(file)) {
      const groups = site[typeKey];
      if (!Array.isArray(groups)) continue;
      for (const g of groups as Item[]) {
        const name = text(g.name);
        const health = g.health as Item | undefined;
        const acc = merged.get(name) ?? {};
        for (const grp of (health?.groups as Item[] | undefined) ?? []) {
          const key = text(grp.name);
          acc[key] = (acc[key] ?? 0) + Number(grp.value ?? 0);
        }
        merged.set(name, acc);
      }
    }
    const types: Json[] = [...merged].map(([name, acc]) => ({
      name,
      health: { groups: ['Poor', 'Fair', 'Good'].map((g) => ({ name: g, value: acc[g] ?? 0 })) },
    }));
    return ok({ id: state.bundle.manifest.credentials.workspaceId, type, [typeKey]: types });
  };
}

/** network-monitoring v1 and v1alpha1 (SPEC.md §4). */
export const monitoringRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/sites-health`,
    kind: 'read',
    handler: siteList('sites-health.json', true),
  },
  {
    method: 'GET',
    pattern: `${P}/sites-device-health`,
    kind: 'read',
    handler: siteList('sites-device-health.json', true),
  },
  {
    method: 'GET',
    pattern: `${P}/sites-client-health`,
    kind: 'read',
    handler: siteList('sites-client-health.json', true),
  },
  {
    method: 'GET',
    pattern: `${P}/site-health/:id`,
    kind: 'read',
    handler: ({ state, params }) => {
      const detail = state.object('site-health.json')[params.id ?? ''];
      if (detail === undefined) throw notFound(`Site not found: ${params.id ?? ''}`);
      return ok(detail);
    },
  },
  {
    method: 'GET',
    pattern: `${P}/tenant-device-health`,
    kind: 'read',
    handler: tenantHealth(
      'sites-device-health.json',
      'deviceTypes',
      'network-monitoring/tenant-device-health',
    ),
  },
  {
    method: 'GET',
    pattern: `${P}/tenant-client-health`,
    kind: 'read',
    handler: tenantHealth(
      'sites-client-health.json',
      'clientTypes',
      'network-monitoring/tenant-client-health',
    ),
  },
  {
    method: 'GET',
    pattern: `${P}/devices`,
    kind: 'read',
    handler: cursorList('devices.json', 1000, 1000),
  },
  {
    method: 'GET',
    pattern: `${P}/device-inventory`,
    kind: 'read',
    handler: cursorList('device-inventory.json', 1000, 1000, (items, q) => {
      const assigned = q.get('site-assigned');
      if (assigned === 'ASSIGNED')
        return items.filter((i) => i.siteId !== null && i.siteId !== undefined && i.siteId !== '');
      if (assigned === 'UNASSIGNED')
        return items.filter((i) => i.siteId === null || i.siteId === undefined || i.siteId === '');
      return items;
    }),
  },
  {
    method: 'GET',
    pattern: `${P}/aps`,
    kind: 'read',
    handler: cursorList('aps.json', 20, 1000),
  },
  {
    method: 'GET',
    pattern: `${P}/aps/:sn`,
    kind: 'read',
    handler: deviceDetail('aps.json', 'ap-details.json', 'Access point'),
  },
  {
    method: 'GET',
    pattern: `${P}/aps/:sn/radios`,
    kind: 'read',
    handler: apSub('radios'),
  },
  {
    method: 'GET',
    pattern: `${P}/aps/:sn/ports`,
    kind: 'read',
    handler: apSub('ports'),
  },
  {
    method: 'GET',
    pattern: `${P}/aps/:sn/wlans`,
    kind: 'read',
    handler: apSub('wlans'),
  },
  {
    method: 'GET',
    pattern: `${P}/switches`,
    kind: 'read',
    handler: cursorList('switches.json', 100, 1000),
  },
  {
    method: 'GET',
    pattern: `${P}/switches/:sn`,
    kind: 'read',
    handler: deviceDetail('switches.json', 'switch-details.json', 'Switch'),
  },
  {
    method: 'GET',
    pattern: `${P}/gateways`,
    kind: 'read',
    handler: cursorList('gateways.json', 100, 1000),
  },
  {
    method: 'GET',
    pattern: `${P}/gateways/:sn`,
    kind: 'read',
    handler: deviceDetail('gateways.json', 'gateway-details.json', 'Gateway'),
  },
  {
    method: 'GET',
    pattern: `${P}/clients`,
    kind: 'read',
    // The vendor defaults the filter to connected clients when none is given.
    handler: ({ state, query }) =>
      ok(
        cursorPage(
          listView(state, 'clients.json', query, {
            scope: clientScope,
            defaultFilter: "status eq 'Connected'",
          }),
          query,
          // listUnifiedClients makes `next` optional: absent on the last page.
          { defaultLimit: 100, maxLimit: 1000, lastNext: 'absent' },
        ),
      ),
  },
  {
    method: 'GET',
    pattern: `${P}/clients/:mac`,
    kind: 'read',
    handler: clientDetail,
  },
  {
    method: 'GET',
    pattern: `${P}/wlans`,
    kind: 'read',
    handler: cursorList('wlans.json', 20, 1000, wlanScope),
  },
  {
    method: 'GET',
    pattern: `${P}/wlans/:name`,
    kind: 'read',
    handler: wlanDetail,
  },
];
