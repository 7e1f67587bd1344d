import { ApiError } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import { publicView } from '../../paging.js';
import type { Route, RouteContext } from '../../router.js';
import { bodyObject, CONFIG_VERSIONS, ok } from '../../routes/common.js';
import {
  alreadyExists,
  configNotFound,
  configSuccess,
  mergePatch,
} from '../../routes/config-profiles.js';
import { sealSecrets } from '../../routes/seal-secrets.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import {
  FAMILY_BY_SEGMENT,
  familyFile,
  PROFILE_FAMILIES,
  type ProfileFamily,
} from './profile-table.js';
import {
  annotate,
  readFilter,
  sameScope,
  scopeMarkers,
  scopeOf,
  singletonKey,
  writeScope,
  type ObjectScope,
} from './scope.js';
import { configAssignmentRoutes } from './config-assignments.js';
import { firmwareComplianceRoutes } from './firmware-compliance.js';
import { policyGroupListRoutes } from './policy-group-list.js';

/** The family a request addresses: `/network-config/<version>/<segment>/…`. */
function familyOf(ctx: RouteContext): ProfileFamily {
  const segment = decodeURIComponent(ctx.req.rawPath.split('/')[3] ?? '');
  const family = FAMILY_BY_SEGMENT.get(segment);
  // The route patterns list exactly the table's segments, so this cannot miss.
  if (!family) throw new ApiError(404, 'ERR_CN003', `Not found: ${segment}`);
  return family;
}

/** A scope id → [scope_type, scope_name] for annotations, from the bundle's sites. */
function scopeNamer(ctx: RouteContext): (id: string) => [string, string] {
  const sites = ctx.state.list('scope-sites.json');
  return (id) => {
    const site = sites.find((s) => text(s.id) === id || text(s.scopeId) === id);
    return site ? ['SITE', text(site.scopeName ?? site.name)] : ['SCOPE', id];
  };
}

function served(ctx: RouteContext, item: Item): Item {
  const view = ctx.query.get('detailed') === 'true' ? annotate(item, scopeNamer(ctx)) : item;
  return sealSecrets(publicView(view));
}

function list(ctx: RouteContext): FakeResponse {
  const family = familyOf(ctx);
  let items = ctx.state.list(familyFile(family)).filter(readFilter(ctx.query));
  // limit is honoured only together with offset, as live (NW CHANGELOG 3.6.1.0; SPEC.md).
  if (ctx.query.has('offset')) {
    const offset = Math.max(0, Number(ctx.query.get('offset')) || 0);
    const limit = ctx.query.has('limit')
      ? Math.max(1, Number(ctx.query.get('limit')) || 1)
      : items.length;
    items = items.slice(offset, offset + limit);
  }
  return ok({ [family.listKey]: items.map((item) => served(ctx, item)) });
}

/** The item a read by name selects: the addressed scope, else the shared one, else any. */
function findForRead(items: Item[], family: ProfileFamily, ctx: RouteContext): Item | undefined {
  const name = ctx.params.name ?? '';
  const named = items.filter((i) => text(i[family.keyField]) === name);
  if (ctx.query.has('object-type') || ctx.query.has('scope-id')) {
    return named.find(readFilter(ctx.query));
  }
  return named.find((i) => scopeOf(i).objectType === 'SHARED') ?? named[0];
}

function indexFor(items: Item[], family: ProfileFamily, name: string, scope: ObjectScope): number {
  return items.findIndex((i) => text(i[family.keyField]) === name && sameScope(scopeOf(i), scope));
}

function named(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  return (ctx: RouteContext): FakeResponse => {
    const family = familyOf(ctx);
    const name = ctx.params.name ?? '';
    const items = ctx.state.list(familyFile(family));
    if (method === 'GET') {
      const found = findForRead(items, family, ctx);
      if (!found) throw configNotFound(name);
      return ok(served(ctx, found));
    }
    const scope = writeScope(ctx.query);
    const index = indexFor(items, family, name, scope);
    if (method === 'DELETE') {
      if (index < 0) throw configNotFound(name);
      items.splice(index, 1);
      return ok(configSuccess(ctx.state));
    }
    const body = bodyObject(ctx.body(), 'config');
    const given = body[family.keyField];
    if (given !== undefined && text(given) !== name) {
      throw new ApiError(
        400,
        'ERR_AP001',
        `Bad request. ${family.keyField} in the body (${text(given)}) does not match the path (${name}).`,
      );
    }
    // A numeric key (layer2-vlan's vlan) keeps the type the body gave, else the path's string.
    const key = { [family.keyField]: given ?? name };
    if (method === 'POST') {
      if (index >= 0) throw alreadyExists(`${family.segment} ${name}`);
      items.push({ ...key, ...body, ...scopeMarkers(scope) });
      return ok(configSuccess(ctx.state));
    }
    const current = items[index];
    if (!current) throw configNotFound(name);
    items[index] =
      method === 'PUT'
        ? { ...key, ...body, ...scopeMarkers(scope) }
        : { ...mergePatch(current, body), ...key };
    return ok(configSuccess(ctx.state));
  };
}

function singleton(method: 'GET' | 'POST' | 'PATCH' | 'DELETE') {
  return (ctx: RouteContext): FakeResponse => {
    const family = familyOf(ctx);
    const store = ctx.state.object(familyFile(family));
    const scope =
      method === 'GET' && !ctx.query.has('object-type') && !ctx.query.has('scope-id')
        ? { objectType: 'SHARED' as const }
        : writeScope(ctx.query);
    const key = singletonKey(scope);
    const current = store[key];
    if (method === 'GET') return ok(isItem(current) ? publicView(current) : {});
    if (method === 'DELETE') {
      if (!isItem(current)) throw configNotFound(family.segment);
      delete store[key];
      return ok(configSuccess(ctx.state));
    }
    const body = bodyObject(ctx.body(), 'config');
    store[key] = method === 'PATCH' && isItem(current) ? mergePatch(current, body) : body;
    return ok(configSuccess(ctx.state));
  };
}

const collections = PROFILE_FAMILIES.filter((f) => !f.singleton).map((f) => f.segment);
const singletons = PROFILE_FAMILIES.filter((f) => f.singleton).map((f) => f.segment);
const BASE = `/network-config/${CONFIG_VERSIONS}`;
const COLLECTION = `${BASE}/${collections.join('|')}`;
const SINGLETON = `${BASE}/${singletons.join('|')}`;

/**
 * The generic scope-aware config store: every profile family of the table answers list, read
 * by name, create, replace, merge-patch and delete, and every singleton GET/POST/PATCH/DELETE,
 * from one state file per family (seeded by the bundle when it has `<segment>.json`).
 */
export const configStoreRoutes: Route[] = [
  ...configAssignmentRoutes,
  ...firmwareComplianceRoutes,
  ...policyGroupListRoutes,
  { method: 'GET', pattern: COLLECTION, kind: 'read', handler: list },
  ...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method): Route => ({
    method,
    pattern: `${COLLECTION}/:name`,
    kind: method === 'GET' ? 'read' : 'write',
    handler: named(method),
  })),
  ...(['GET', 'POST', 'PATCH', 'DELETE'] as const).map((method): Route => ({
    method,
    pattern: SINGLETON,
    kind: method === 'GET' ? 'read' : 'write',
    handler: singleton(method),
  })),
];
