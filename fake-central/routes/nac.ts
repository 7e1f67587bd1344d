import { ApiError, notFound } from '../api-error.js';
import { isItem, text } from '../json.js';
import type { Route, RouteContext } from '../router.js';
import type { Item, Json } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { bodyObject, CONFIG_VERSIONS, normaliseMac, ok } from './common.js';
import { profileRoutes } from './config-profiles.js';
import { nacExportRoutes } from './nac-exports.js';
import { nacInput, nacListPage, nacRecordId } from './nac-records.js';
import { visitorRoutes } from './nac-visitors.js';

const REG = `/network-config/${CONFIG_VERSIONS}/cnac-mac-reg`;
const FILE = 'cnac-mac-reg.json';

/** The record with its MAC checked and lower-cased; `mac` is accepted for `macAddress`. */
function registrationInput(input: Item): Item {
  const raw =
    typeof input.macAddress === 'string'
      ? input.macAddress
      : typeof input.mac === 'string'
        ? input.mac
        : '';
  const mac = normaliseMac(raw);
  if (!/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/.test(mac)) {
    throw new ApiError(
      400,
      'HPE_GL_ERROR_BAD_REQUEST',
      'input.macAddress is required and must be a MAC address',
    );
  }
  const { mac: _ignored, ...rest } = input;
  return { ...rest, macAddress: mac.toLowerCase() };
}

function sameMac(a: Item, mac: Json | undefined): boolean {
  return normaliseMac(text(a.macAddress)) === normaliseMac(text(mac));
}

function createRegistration({ state, body }: RouteContext): FakeResponse {
  const input = registrationInput(nacInput(body()));
  const items = state.list(FILE);
  if (items.some((r) => sameMac(r, input.macAddress))) {
    throw new ApiError(
      409,
      'HPE_GL_ERROR_CONFLICT',
      `MAC already registered: ${text(input.macAddress)}`,
    );
  }
  const created: Item = {
    autoCreated: false,
    enable: true,
    ...input,
    id: nacRecordId('cnac-mac-reg', state.next('mac-reg')),
    type: 'cnac-mac-reg',
    createdAt: state.now,
    modifiedAt: state.now,
  };
  items.push(created);
  return { status: 201, body: created };
}

/** PUT on the collection updates the record named by `id`, or else by its MAC (secure-ssid nac.py:79). */
function updateRegistration({ state, body }: RouteContext): FakeResponse {
  const raw = bodyObject(body());
  const input = registrationInput(nacInput(raw));
  const id = isItem(raw.input) ? (raw.input.id ?? raw.id) : raw.id;
  const items = state.list(FILE);
  const index = items.findIndex((r) =>
    id !== undefined ? r.id === id : sameMac(r, input.macAddress),
  );
  const current = items[index];
  if (!current) {
    throw new ApiError(
      400,
      'HPE_GL_ERROR_MISSING_IDENTIFIER',
      'an existing registration id or macAddress is required',
    );
  }
  items[index] = { ...current, ...input, id: current.id ?? null, modifiedAt: state.now };
  return ok(items[index] ?? {});
}

function getRegistration({ state, params }: RouteContext): FakeResponse {
  const found = state.list(FILE).find((r) => r.id === params.id);
  if (!found) throw notFound(`Registration not found: ${params.id ?? ''}`);
  return ok(found);
}

function deleteRegistration({ state, params }: RouteContext): FakeResponse {
  const items = state.list(FILE);
  const index = items.findIndex((r) => r.id === params.id);
  if (index < 0) throw notFound(`Registration not found: ${params.id ?? ''}`);
  items.splice(index, 1);
  return { status: 204 };
}

/** Central NAC: auth servers and profiles (config style), MAC registrations and visitors (§2.7). */
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
    altKeys: ['auth-profile-id'],
  }),
  ...profileRoutes({
    segment: 'authz-policies',
    file: 'authz-policies.json',
    listKey: 'authz-policy',
    nameField: 'name',
    altKeys: ['policy-id'],
  }),
  { method: 'GET', pattern: REG, kind: 'read', handler: (ctx) => nacListPage(ctx, FILE) },
  ...nacExportRoutes,
  { method: 'POST', pattern: REG, kind: 'write', handler: createRegistration },
  { method: 'PUT', pattern: REG, kind: 'write', handler: updateRegistration },
  { method: 'GET', pattern: `${REG}/:id`, kind: 'read', handler: getRegistration },
  { method: 'DELETE', pattern: `${REG}/:id`, kind: 'write', handler: deleteRegistration },
  ...visitorRoutes,
];
