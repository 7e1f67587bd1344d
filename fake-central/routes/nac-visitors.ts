import { ApiError, notFound } from '../api-error.js';
import { text } from '../json.js';
import type { Route, RouteContext } from '../router.js';
import type { Item } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { CONFIG_VERSIONS, ok } from './common.js';
import { nacInput, nacListPage, nacRecordId } from './nac-records.js';

/**
 * Central NAC visitor accounts (central-nac-service getVisitors, createVisitor, updateVisitor,
 * deleteVisitor; SPEC.md §2.7): listed like MAC registrations, created by POST with the record in
 * `input`, updated by PUT on the collection with the record's `id` in `input` (the document's
 * CdaUserUpdateInput; secure-ssid nac.py:300 sends it so), deleted by id.
 */

const VISITORS = `/network-config/${CONFIG_VERSIONS}/cnac-visitor`;
const FILE = 'cnac-visitor.json';

// What CdaUserInput/CdaUserUpdateInput carry that a CdaUserResponse shows. The password method,
// its parameter and the change notification are instructions to the service, not stored fields.
const STORED = ['name', 'displayName', 'email', 'phone', 'companyName', 'enable', 'expireAt'];

function storedFields(input: Item): Item {
  const kept: Item = {};
  for (const k of STORED) {
    const value = input[k];
    if (value !== undefined) kept[k] = value;
  }
  return kept;
}

/**
 * The account's status from `enable` and `expireAt`: the service disables an account at its
 * `expireAt` (the document's description of the field). The document lists no status values;
 * the fake's three are its own (SPEC.md §13).
 */
function withStatus(record: Item, nowIso: string): Item {
  const expires = Date.parse(text(record.expireAt));
  if (!Number.isNaN(expires) && expires <= Date.parse(nowIso))
    return { ...record, enable: false, status: 'EXPIRED' };
  return { ...record, status: record.enable === false ? 'DISABLED' : 'ACTIVE' };
}

function conflictOnName(items: Item[], name: string, except?: Item): void {
  const taken = items.some(
    (v) => v !== except && text(v.name).toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw new ApiError(409, 'HPE_GL_ERROR_CONFLICT', `Visitor already exists: ${name}`);
}

function createVisitor({ state, body }: RouteContext): FakeResponse {
  const input = storedFields(nacInput(body()));
  const name = text(input.name).trim();
  if (name === '')
    throw new ApiError(400, 'HPE_GL_ERROR_BAD_REQUEST', 'input.name is required (the login name)');
  const items = state.list(FILE);
  conflictOnName(items, name);
  const created = withStatus(
    {
      id: nacRecordId('cnac-visitor', state.next('visitor')),
      type: 'cnac-visitor',
      displayName: name,
      enable: true,
      ...input,
      name,
      createdAt: state.now,
      modifiedAt: state.now,
    },
    state.now,
  );
  items.push(created);
  return ok(created);
}

function updateVisitor({ state, body }: RouteContext): FakeResponse {
  const raw = nacInput(body());
  const id = text(raw.id);
  if (id === '')
    throw new ApiError(
      400,
      'HPE_GL_ERROR_MISSING_IDENTIFIER',
      'input.id is required: the id of the visitor account to update',
    );
  const items = state.list(FILE);
  const index = items.findIndex((v) => v.id === id);
  const current = items[index];
  if (!current) throw notFound(`Visitor not found: ${id}`);
  const input = storedFields(raw);
  if (input.name !== undefined) conflictOnName(items, text(input.name), current);
  const updated = withStatus({ ...current, ...input, modifiedAt: state.now }, state.now);
  items[index] = updated;
  return ok(updated);
}

function deleteVisitor({ state, params }: RouteContext): FakeResponse {
  const items = state.list(FILE);
  const index = items.findIndex((v) => v.id === params.id);
  if (index < 0) throw notFound(`Visitor not found: ${params.id ?? ''}`);
  items.splice(index, 1);
  return { status: 204 };
}

/** The visitor routes; the CSV export (`cnac-visitor/export`) is in nac-exports.ts. */
export const visitorRoutes: Route[] = [
  { method: 'GET', pattern: VISITORS, kind: 'read', handler: (ctx) => nacListPage(ctx, FILE) },
  { method: 'POST', pattern: VISITORS, kind: 'write', handler: createVisitor },
  { method: 'PUT', pattern: VISITORS, kind: 'write', handler: updateVisitor },
  { method: 'DELETE', pattern: `${VISITORS}/:id`, kind: 'write', handler: deleteVisitor },
];
