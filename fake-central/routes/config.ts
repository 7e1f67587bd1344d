import { ApiError, notFound } from '../api-error.js';
import { isItem, text } from '../json.js';
import { offsetPage } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { FakeResponse } from '../http-types.js';
import { bodyObject, CONFIG_VERSIONS, filterAndSort, ok, requireQuery } from './common.js';
import { profileRoutes } from './config-profiles.js';

const CFG = `/network-config/${CONFIG_VERSIONS}`;
const EMPTY_ISSUES = {
  configPullFailures: [],
  configPushFailures: [],
  invalidConfig: [],
  filteredConfig: [],
};

function scopeSites({ state, query }: RouteContext): FakeResponse {
  const page = offsetPage(filterAndSort(state.list('scope-sites.json'), query), query, {
    defaultLimit: 100,
    maxLimit: 100,
  });
  // The scope document types `offset` as a string on every scope list (getSitesV1).
  return ok({
    ...page,
    offset: text(page.offset),
    response: {
      code: 'SCOPE-LIST-SITES-SUCCESS-001',
      message: 'Sites fetched successfully',
      status: 'SUCCESS',
    },
  });
}

function configHealthDevices({ state, query }: RouteContext): FakeResponse {
  let items = filterAndSort(state.list('config-health-devices.json'), query);
  const search = query.get('search');
  if (search) {
    const needle = search.toLowerCase();
    items = items.filter((d) =>
      [d.serial, d.name, d.siteName].some((v) => text(v).toLowerCase().includes(needle)),
    );
  }
  return ok(offsetPage(items, query, { defaultLimit: 100, maxLimit: 1000 }, 'devices'));
}

function activeIssue({ state, query }: RouteContext): FakeResponse {
  requireQuery(query, ['serial']);
  const serial = query.get('serial') ?? '';
  if (!state.list('config-health-devices.json').some((d) => d.serial === serial)) {
    throw notFound(`Device not found: ${serial}`);
  }
  const issues = state.object('config-active-issues.json')[serial];
  return ok(isItem(issues) ? issues : EMPTY_ISSUES);
}

/** Resync marks the devices UPDATE_IN_PROGRESS in both config-health and monitoring views. */
function devicesResync({ state, body }: RouteContext): FakeResponse {
  const serials = bodyObject(body()).serials;
  if (
    !Array.isArray(serials) ||
    serials.length === 0 ||
    !serials.every((s) => typeof s === 'string')
  ) {
    throw new ApiError(
      400,
      'HPE_GL_ERROR_BAD_REQUEST',
      'serials must be a non-empty array of device serial numbers',
    );
  }
  const known = new Set(state.list('config-health-devices.json').map((d) => text(d.serial)));
  const unknown = serials.filter((s) => !known.has(s));
  if (unknown.length > 0) throw notFound(`Device not found: ${unknown.join(', ')}`);
  for (const d of state.list('config-health-devices.json'))
    if (serials.includes(text(d.serial))) d.configStatus = 'UPDATE_IN_PROGRESS';
  for (const d of state.list('devices.json'))
    if (serials.includes(text(d.serialNumber))) d.configStatus = 'UPDATE_IN_PROGRESS';
  return ok({ message: `Resync initiated for ${serials.length} device(s)` });
}

/** network-config: scope sites, WLAN SSID profiles, config health (the firmware policy is engines/config-store). */
export const configRoutes: Route[] = [
  { method: 'GET', pattern: `${CFG}/sites`, kind: 'read', handler: scopeSites },
  ...profileRoutes({
    segment: 'wlan-ssids',
    file: 'wlan-ssids.json',
    listKey: 'wlan-ssid',
    nameField: 'ssid',
  }),
  {
    method: 'GET',
    pattern: `${CFG}/config-health/devices`,
    kind: 'read',
    handler: configHealthDevices,
  },
  {
    method: 'GET',
    pattern: `${CFG}/config-health/active-issue`,
    kind: 'read',
    handler: activeIssue,
  },
  {
    method: 'POST',
    pattern: `${CFG}/config-health/devices-resync`,
    kind: 'write',
    handler: devicesResync,
  },
];
