import { ApiError, notFound } from '../api-error.js';
import { text } from '../json.js';
import { cursorPage, offsetPage } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { FakeResponse, Item } from '../types.js';
import { bodyObject, CONFIG_VERSIONS, filterAndSort, normaliseMac, ok } from './common.js';
import { profileRoutes } from './config-profiles.js';

const REG = `/network-config/${CONFIG_VERSIONS}/cnac-mac-reg`;
const LIMITS = { defaultLimit: 50, maxLimit: 1000 };

function listRegistrations({ state, query }: RouteContext): FakeResponse {
  let items = filterAndSort(state.list('cnac-mac-reg.json'), query);
  const search = query.get('search');
  if (search) {
    const needle = search.toLowerCase();
    items = items.filter((r) =>
      Object.values(r).some((v) => text(v).toLowerCase().includes(needle)),
    );
  }
  // The registration service pages by `next` cursor or by `offset` (central-api.md §2.7).
  return ok(
    query.has('offset') ? offsetPage(items, query, LIMITS) : cursorPage(items, query, LIMITS),
  );
}

function validRegistration(body: Item): Item {
  const mac = typeof body.mac === 'string' ? normaliseMac(body.mac) : '';
  if (!/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(mac)) {
    throw new ApiError(
      400,
      'HPE_GL_ERROR_BAD_REQUEST',
      'mac is required and must be a MAC address',
    );
  }
  return { ...body, mac };
}

function createRegistration({ state, body }: RouteContext): FakeResponse {
  const reg = validRegistration(bodyObject(body()));
  const items = state.list('cnac-mac-reg.json');
  if (items.some((r) => normaliseMac(text(r.mac)) === reg.mac)) {
    throw new ApiError(409, 'HPE_GL_ERROR_CONFLICT', `MAC already registered: ${text(reg.mac)}`);
  }
  const created: Item = {
    id: `mac-reg-${String(state.next('mac-reg')).padStart(4, '0')}`,
    ...reg,
    createdAt: state.now,
  };
  items.push(created);
  return { status: 201, body: created };
}

function updateRegistration({ state, body }: RouteContext): FakeResponse {
  const reg = bodyObject(body());
  const items = state.list('cnac-mac-reg.json');
  const index = items.findIndex((r) => r.id === reg.id);
  if (typeof reg.id !== 'string' || index < 0)
    throw new ApiError(
      400,
      'HPE_GL_ERROR_MISSING_IDENTIFIER',
      'id of an existing registration is required',
    );
  items[index] = { ...items[index], ...validRegistration(reg) };
  return ok(items[index] ?? {});
}

function deleteRegistration({ state, params }: RouteContext): FakeResponse {
  const items = state.list('cnac-mac-reg.json');
  const index = items.findIndex((r) => r.id === params.id);
  if (index < 0) throw notFound(`Registration not found: ${params.id ?? ''}`);
  items.splice(index, 1);
  return { status: 204 };
}

/** Central NAC: auth servers and profiles (config style) and MAC registrations (§2.7). */
export const nacRoutes: Route[] = [
  ...profileRoutes({
    segment: 'auth-servers',
    file: 'auth-servers.json',
    listKey: 'auth-server',
    nameField: 'name',
  }),
  ...profileRoutes({
    segment: 'auth-profiles',
    file: 'auth-profiles.json',
    listKey: 'auth-profile',
    nameField: 'name',
  }),
  ...profileRoutes({
    segment: 'authz-policies',
    file: 'authz-policies.json',
    listKey: 'authz-policy',
    nameField: 'name',
  }),
  { method: 'GET', pattern: REG, kind: 'read', handler: listRegistrations },
  { method: 'POST', pattern: REG, kind: 'write', handler: createRegistration },
  { method: 'PUT', pattern: REG, kind: 'write', handler: updateRegistration },
  { method: 'DELETE', pattern: `${REG}/:id`, kind: 'write', handler: deleteRegistration },
];
