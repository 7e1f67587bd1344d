import { ApiError } from '../../api-error.js';
import { isItem, text } from '../../json.js';
import type { Route, RouteContext } from '../../router.js';
import { bodyObject, CONFIG_VERSIONS, ok } from '../../routes/common.js';
import {
  alreadyExists,
  configNotFound,
  configSuccess,
  mergePatch,
} from '../../routes/config-profiles.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import { singletonKey, writeScope } from './scope.js';

/**
 * One entry of the `policy-groups` singleton's ordered list (roles-policy document:
 * readPolicyGroupsPolicyGroupPolicyGroupListByID and its create/replace/update/delete), addressed
 * by name inside `policy-group.policy-group-list` of the scope's policy-groups object, so the
 * singleton GET shows what these writes made. `position` (1–2000) is required on create and
 * replace, as the schema has it.
 */

const FILE = 'policy-groups.json';

function entries(ctx: RouteContext, create: boolean): Item[] | undefined {
  const store = ctx.state.object(FILE);
  const key = singletonKey(
    ctx.req.method === 'GET' && !ctx.query.has('object-type') && !ctx.query.has('scope-id')
      ? { objectType: 'SHARED' }
      : writeScope(ctx.query),
  );
  let doc = store[key];
  if (!isItem(doc)) {
    if (!create) return undefined;
    doc = {};
    store[key] = doc;
  }
  let group = doc['policy-group'];
  if (!isItem(group)) {
    if (!create) return undefined;
    group = {};
    doc['policy-group'] = group;
  }
  let list = group['policy-group-list'];
  if (!Array.isArray(list)) {
    if (!create) return undefined;
    list = [];
    group['policy-group-list'] = list;
  }
  return list.filter(isItem).length === list.length ? (list as Item[]) : undefined;
}

function checkedBody(ctx: RouteContext, name: string, needPosition: boolean): Item {
  const body = bodyObject(ctx.body(), 'config');
  if (body.name !== undefined && text(body.name) !== name) {
    throw new ApiError(
      400,
      'ERR_AP001',
      `Bad request. name in the body (${text(body.name)}) does not match the path (${name}).`,
    );
  }
  const position = body.position;
  if (
    (needPosition || position !== undefined) &&
    (!Number.isInteger(position) || Number(position) < 1 || Number(position) > 2000)
  ) {
    throw new ApiError(400, 'ERR_AP001', 'Bad request. position must be an integer 1–2000.');
  }
  return { ...body, name };
}

function handler(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  return (ctx: RouteContext): FakeResponse => {
    const name = ctx.params.name ?? '';
    const list = entries(ctx, method === 'POST');
    const index = list ? list.findIndex((e) => text(e.name) === name) : -1;
    if (method === 'GET') {
      const found = list?.[index];
      if (!found) throw configNotFound(name);
      return ok(found);
    }
    if (!list) throw configNotFound(name);
    if (method === 'POST') {
      if (index >= 0) throw alreadyExists(`policy-group-list ${name}`);
      list.push(checkedBody(ctx, name, true));
      return ok(configSuccess(ctx.state));
    }
    const current = list[index];
    if (!current) throw configNotFound(name);
    if (method === 'DELETE') list.splice(index, 1);
    else if (method === 'PUT') list[index] = checkedBody(ctx, name, true);
    else list[index] = { ...mergePatch(current, checkedBody(ctx, name, false)), name };
    return ok(configSuccess(ctx.state));
  };
}

/** The policy-group-list entry routes; ahead of the generic store. */
export const policyGroupListRoutes: Route[] = (
  ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
).map((method) => ({
  method,
  pattern: `/network-config/${CONFIG_VERSIONS}/policy-groups/policy-group/policy-group-list/:name`,
  kind: method === 'GET' ? 'read' : 'write',
  handler: handler(method),
}));
