import { ApiError } from '../api-error.js';
import { isItem, text } from '../json.js';
import type { Route, RouteContext } from '../router.js';
import type { Item } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { bodyObject, CONFIG_VERSIONS, ok } from './common.js';
import { configSuccess } from './config-profiles.js';

const FILE = 'scope-maps.json';

/**
 * The entries of a scope-map body `{"scope-map": [{scope-name, scope-id, persona, resource}]}`
 * (the shape secure-ssid POSTs, mcp_servers/config.py:927-934 @9c7df43, and reads back,
 * config.py:498-505; nowireless4u reads the same key, central/scope_builder.py:128 @91fe984).
 */
function entries(body: Item): Item[] {
  const list = body['scope-map'];
  const valid =
    Array.isArray(list) &&
    list.length > 0 &&
    list.every(
      (e) =>
        isItem(e) &&
        (typeof e['scope-id'] === 'number' || typeof e['scope-id'] === 'string') &&
        typeof e.persona === 'string' &&
        typeof e.resource === 'string',
    );
  if (!valid) {
    throw new ApiError(
      400,
      'ERR_AP001',
      'Bad request. Invalid values supplied in request. scope-map must be a non-empty list of {scope-id, persona, resource}.',
    );
  }
  return list as Item[];
}

const sameMap = (a: Item, b: Item): boolean =>
  text(a['scope-id']) === text(b['scope-id']) &&
  a.persona === b.persona &&
  a.resource === b.resource;

function scopeMaps(method: 'GET' | 'POST' | 'DELETE') {
  return ({ state, body }: RouteContext): FakeResponse => {
    const maps = state.list(FILE);
    if (method === 'GET') return ok({ 'scope-map': maps.map((m) => structuredClone(m)) });
    const requested = entries(bodyObject(body(), 'config'));
    for (const entry of requested) {
      const at = maps.findIndex((m) => sameMap(m, entry));
      if (method === 'POST' && at < 0) maps.push(structuredClone(entry));
      if (method === 'DELETE' && at >= 0) maps.splice(at, 1);
    }
    return ok(configSuccess(state));
  };
}

/** `network-config` scope maps: which scope and persona a library resource applies to. */
export const scopeMapRoutes: Route[] = (['GET', 'POST', 'DELETE'] as const).map(
  (method): Route => ({
    method,
    pattern: `/network-config/${CONFIG_VERSIONS}/scope-maps`,
    kind: method === 'GET' ? 'read' : 'write',
    handler: scopeMaps(method),
  }),
);
