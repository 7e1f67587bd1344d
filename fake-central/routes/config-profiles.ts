import { ApiError } from '../api-error.js';
import { isItem, text } from '../json.js';
import { publicView } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { Item } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { bodyObject, CONFIG_VERSIONS, ok } from './common.js';
import { sealSecrets } from './seal-secrets.js';

/** A network-config profile collection: collection GET, `/{name}` CRUD (SPEC.md §11). */
export interface ProfileCollection {
  /** Path segment, e.g. `wlan-ssids`. */
  segment: string;
  file: string;
  /** The singular list key of the collection GET, e.g. `wlan-ssid`. */
  listKey: string;
  /** Field holding the name used in `/{name}`. */
  nameField: string;
  /** Other fields that also address an item in `/{…}` (the NAC spec paths use ids). */
  altKeys?: string[];
}

/** The config API's success body (`Successful200`). */
export function configSuccess(state: RouteContext['state']): Item {
  return {
    httpStatusCode: 200,
    errorCode: 'SUCC_001',
    message: 'Success.',
    debugId: `succ-${state.next('config-debug')}`,
  };
}

/**
 * Creating an object that exists. The spec lists 412 among the config API's errors and
 * secure-ssid retries such a POST as PATCH on 412 (config.py:281@9c7df43), so the fake answers
 * 412; the exact live errorCode is not documented, hence the generic config code.
 */
export function alreadyExists(what: string): ApiError {
  return new ApiError(412, 'ERR_AP001', `Precondition failed. ${what} already exists.`);
}

export function configNotFound(name: string): ApiError {
  return new ApiError(404, 'ERR_CN003', `Not found: ${name}`);
}

/** object-type/scope-id/device-function rules: LOCAL needs both, explicit SHARED forbids them. */
function checkScope(query: URLSearchParams): void {
  const objectType = query.get('object-type');
  const scoped = query.has('scope-id') || query.has('device-function');
  if (objectType === 'LOCAL' && (!query.get('scope-id') || !query.get('device-function'))) {
    throw new ApiError(
      400,
      'ERR_AP001',
      'Bad request. scope-id and device-function are mandatory when object-type is LOCAL.',
    );
  }
  if (objectType === 'SHARED' && scoped) {
    throw new ApiError(
      400,
      'ERR_AP001',
      'Bad request. scope-id and device-function are not allowed when object-type is SHARED.',
    );
  }
}

/** RFC 7386 merge patch (null deletes a key). */
export function mergePatch(target: Item, patch: Item): Item {
  const out: Item = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isItem(value) && isItem(out[key])) out[key] = mergePatch(out[key], value);
    else out[key] = value;
  }
  return out;
}

function list(c: ProfileCollection) {
  return ({ state, query }: RouteContext): FakeResponse => {
    let items = state.list(c.file).map((item) => sealSecrets(publicView(item)));
    // Live quirk (NW CHANGELOG 3.6.1.0): limit is honoured only together with offset.
    if (query.has('offset')) {
      const offset = Math.max(0, Number(query.get('offset')) || 0);
      const limit = query.has('limit')
        ? Math.max(1, Number(query.get('limit')) || 1)
        : items.length;
      items = items.slice(offset, offset + limit);
    }
    return ok({ [c.listKey]: items });
  };
}

function indexOf(c: ProfileCollection, ctx: RouteContext): number {
  const wanted = ctx.params.name ?? '';
  return ctx.state
    .list(c.file)
    .findIndex((p) => [c.nameField, ...(c.altKeys ?? [])].some((key) => text(p[key]) === wanted));
}

function named(c: ProfileCollection, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  return (ctx: RouteContext): FakeResponse => {
    const name = ctx.params.name ?? '';
    const items = ctx.state.list(c.file);
    const index = indexOf(c, ctx);
    if (method === 'GET') {
      const found = items[index];
      if (!found) throw configNotFound(name);
      return ok(sealSecrets(publicView(found)));
    }
    checkScope(ctx.query);
    if (method === 'DELETE') {
      if (index < 0) throw configNotFound(name);
      items.splice(index, 1);
      return ok(configSuccess(ctx.state));
    }
    const body = bodyObject(ctx.body(), 'config');
    if (body[c.nameField] !== undefined && text(body[c.nameField]) !== name) {
      throw new ApiError(
        400,
        'ERR_AP001',
        `Bad request. ${c.nameField} in the body (${text(body[c.nameField])}) does not match the path (${name}).`,
      );
    }
    if (method === 'POST') {
      if (index >= 0) throw alreadyExists(`${c.segment} ${name}`);
      items.push({ [c.nameField]: name, ...body });
      return ok(configSuccess(ctx.state));
    }
    const current = items[index];
    if (!current) throw configNotFound(name);
    items[index] = method === 'PUT' ? { [c.nameField]: name, ...body } : mergePatch(current, body);
    return ok(configSuccess(ctx.state));
  };
}

/** Routes for one profile collection under network-config v1alpha1 (and the v1 alias). */
export function profileRoutes(c: ProfileCollection): Route[] {
  const base = `/network-config/${CONFIG_VERSIONS}/${c.segment}`;
  return [
    { method: 'GET', pattern: base, kind: 'read', handler: list(c) },
    { method: 'GET', pattern: `${base}/:name`, kind: 'read', handler: named(c, 'GET') },
    { method: 'POST', pattern: `${base}/:name`, kind: 'write', handler: named(c, 'POST') },
    { method: 'PUT', pattern: `${base}/:name`, kind: 'write', handler: named(c, 'PUT') },
    { method: 'PATCH', pattern: `${base}/:name`, kind: 'write', handler: named(c, 'PATCH') },
    { method: 'DELETE', pattern: `${base}/:name`, kind: 'write', handler: named(c, 'DELETE') },
  ];
}
