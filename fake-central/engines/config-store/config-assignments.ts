import { ApiError } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { bodyObject, CONFIG_VERSIONS, ok } from '../../routes/common.js';
import { configNotFound, configSuccess } from '../../routes/config-profiles.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';

const FILE = 'config-assignments.json';
const BASE = `/network-config/${CONFIG_VERSIONS}/config-assignments`;
/** The members that name one assignment, in the order of the item path. */
const KEY = ['scope-id', 'device-function', 'profile-type', 'profile-instance'] as const;

function keyOf(item: Item): string {
  return KEY.map((k) => text(item[k])).join('\u0000');
}

/** An assignment as read: the stored key plus its scope's name and type from the bundle's sites. */
function served(ctx: RouteContext, item: Item): Item {
  const id = text(item['scope-id']);
  const site = ctx.state.list('scope-sites.json').find((s) => text(s.id) === id);
  return {
    'device-function': text(item['device-function']),
    'profile-instance': text(item['profile-instance']),
    'profile-type': text(item['profile-type']),
    'scope-id': id,
    'scope-name': site ? text(site.scopeName) : id,
    'scope-type': site ? 'SITE' : 'GLOBAL',
  };
}

/** readConfigAssignments: every assignment, narrowed by `scope-id`, `device-function`, `profile-type`. */
function list(ctx: RouteContext): FakeResponse {
  const wanted: [string, string][] = [];
  for (const name of ['scope-id', 'device-function', 'profile-type']) {
    const value = ctx.query.get(name);
    if (value !== null && value !== '') wanted.push([name, value]);
  }
  const items = ctx.state
    .list(FILE)
    .filter((a) => wanted.every(([k, v]) => text(a[k]) === v))
    .map((a) => served(ctx, a));
  return ok({ 'config-assignment': items });
}

/** createConfigAssignments: `{config-assignment: [...]}`, each entry naming all four key members. */
function create(ctx: RouteContext): FakeResponse {
  const body = bodyObject(ctx.body(), 'config');
  const entries = body['config-assignment'];
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new ApiError(
      400,
      'ERR_AP001',
      'Bad request. config-assignment must be a non-empty list.',
    );
  }
  const fresh: Item[] = [];
  for (const [i, entry] of entries.entries()) {
    const missing = KEY.filter((k) => !isItem(entry) || text(entry[k]) === '');
    if (!isItem(entry) || missing.length > 0) {
      throw new ApiError(
        400,
        'ERR_AP001',
        `Bad request. config-assignment[${i}] lacks ${missing.join(', ')}.`,
      );
    }
    fresh.push(Object.fromEntries(KEY.map((k) => [k, text(entry[k])])));
  }
  const items = ctx.state.list(FILE);
  const known = new Set(items.map(keyOf));
  for (const item of fresh) if (!known.has(keyOf(item))) items.push(item);
  return ok(configSuccess(ctx.state));
}

/** The item path: DELETE unassigns, PUT (re)assigns the same key. */
function byKey(method: 'PUT' | 'DELETE') {
  return (ctx: RouteContext): FakeResponse => {
    const item = Object.fromEntries(KEY.map((k) => [k, ctx.params[k] ?? '']));
    const items = ctx.state.list(FILE);
    const index = items.findIndex((a) => keyOf(a) === keyOf(item));
    if (method === 'DELETE') {
      if (index < 0) throw configNotFound(KEY.map((k) => item[k]).join('/'));
      items.splice(index, 1);
    } else if (index < 0) items.push(item);
    return ok(configSuccess(ctx.state));
  };
}

const ITEM = `${BASE}/:scope-id/:device-function/:profile-type/:profile-instance`;

/**
 * Config assignments (assignments document): which library profile applies to which scope and
 * device function. A list of its own, not a profile family: the query filters select
 * assignments, they do not address a scope the way profile writes do.
 */
export const configAssignmentRoutes: Route[] = [
  { method: 'GET', pattern: BASE, kind: 'read', handler: list },
  { method: 'POST', pattern: BASE, kind: 'write', handler: create },
  { method: 'PUT', pattern: ITEM, kind: 'write', handler: byKey('PUT') },
  { method: 'DELETE', pattern: ITEM, kind: 'write', handler: byKey('DELETE') },
];
