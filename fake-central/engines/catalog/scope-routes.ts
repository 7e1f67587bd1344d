import { notFound } from '../../api-error.js';
import { text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { CONFIG_VERSIONS, ok } from '../../routes/common.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';

/** The tenant's root scope id: one fixed id per bundle (the scope tree's GLOBAL node). */
function rootId(ctx: RouteContext): string {
  return (
    `${ctx.state.bundle.manifest.credentials.workspaceId}`.replace(/\D/g, '').slice(0, 10) || '1'
  );
}

const RESPONSE = { code: 'SCOPE-SUCCESS-001', message: 'Fetched successfully', status: 'SUCCESS' };

/** Scope management lists: `{items, count, offset (a string), total, response}`. */
function scopeList(items: Item[], query: URLSearchParams): Item {
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  const limit = Math.max(1, Number(query.get('limit') ?? 100) || 100);
  const slice = items.slice(offset, offset + limit);
  return {
    items: slice,
    count: slice.length,
    offset: String(offset),
    total: items.length,
    response: RESPONSE,
  };
}

/** Site collections: the `collectionId`/`collectionName` the bundle's sites carry. */
function siteCollections(ctx: RouteContext): Item[] {
  const byId = new Map<string, Item>();
  for (const s of ctx.state.list('scope-sites.json')) {
    const id = text(s.collectionId);
    if (id === '') continue;
    const seen = byId.get(id);
    const count = seen ? Number(seen.siteCount) + 1 : 1;
    byId.set(id, {
      id,
      scopeId: id,
      scopeName: text(s.collectionName),
      siteCount: String(count),
      type: 'site-collection',
    });
  }
  return [...byId.values()];
}

/** Device groups: the `deviceGroupId`/`deviceGroupName` the bundle's devices carry. */
function deviceGroups(ctx: RouteContext): Item[] {
  const byId = new Map<string, Item>();
  for (const d of [...ctx.state.list('aps.json'), ...ctx.state.list('device-inventory.json')]) {
    const id = text(d.deviceGroupId);
    if (id === '' || byId.has(id)) continue;
    byId.set(id, { id, scopeId: id, scopeName: text(d.deviceGroupName), type: 'device-group' });
  }
  for (const [id, g] of byId) {
    const count = ctx.state
      .list('device-inventory.json')
      .filter((d) => text(d.deviceGroupId) === id).length;
    g.deviceCount = String(count);
  }
  return [...byId.values()];
}

/** The children of a scope: the collections under GLOBAL, the sites under a collection. */
function hierarchy(ctx: RouteContext): Item[] {
  const id = ctx.query.get('id') ?? rootId(ctx);
  const sites = ctx.state.list('scope-sites.json');
  const children: Item[] =
    id === rootId(ctx)
      ? siteCollections(ctx).map((c) => ({
          id: text(c.id),
          name: text(c.scopeName),
          type: 'SITE_COLLECTION',
        }))
      : sites
          .filter((s) => text(s.collectionId) === id)
          .map((s) => ({ id: text(s.id), name: text(s.scopeName), type: 'SITE' }));
  return [{ Hierarchy: children, id: id.slice(0, 20), type: 'scope-hierarchy' }];
}

function missing(): FakeResponse {
  throw notFound('No device collections');
}

const table: [string, (ctx: RouteContext) => FakeResponse][] = [
  ['global', (c) => ok({ id: rootId(c), scopeId: rootId(c), type: 'GLOBAL' })],
  ['hierarchy', (c) => ok(scopeList(hierarchy(c), c.query))],
  ['site-collections', (c) => ok(scopeList(siteCollections(c), c.query))],
  ['device-groups', (c) => ok(scopeList(deviceGroups(c), c.query))],
  // No device collections in the bundles; the document requires count >= 1, so none is 404.
  ['device-collections', missing],
];

/** Scope management reads beyond `sites` (network-config v1 and v1alpha1). */
export const scopeRoutes: Route[] = table.map(([path, handler]) => ({
  method: 'GET',
  pattern: `/network-config/${CONFIG_VERSIONS}/${path}`,
  kind: 'read',
  handler,
}));
