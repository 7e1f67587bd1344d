import { offsetPage } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { FakeResponse } from '../http-types.js';
import { filterAndSort, ok, publicView } from './common.js';
import { greenlakeDeviceRoutes } from './greenlake-devices.js';
import { glpFamily, glpNotFound } from './greenlake-errors.js';

interface Collection {
  file: string;
  defaultLimit: number;
  maxLimit: number;
  notFoundCode: string;
  source: string;
}

const SUBSCRIPTIONS: Collection = {
  file: 'glp-subscriptions.json',
  defaultLimit: 50,
  maxLimit: 200,
  notFoundCode: 'HPE_GL_DM_SUBSCRIPTION_ID_NOT_FOUND',
  source: 'hpe.greenlake.subscriptionmanagement',
};
const USERS: Collection = {
  file: 'glp-users.json',
  defaultLimit: 300,
  maxLimit: 600,
  notFoundCode: 'HPE_GL_ERROR_NOT_FOUND',
  source: 'hpe.greenlake.identity',
};

function list(c: Collection) {
  return ({ state, query }: RouteContext): FakeResponse =>
    glpFamily(() =>
      ok(
        offsetPage(filterAndSort(state.list(c.file), query), query, {
          defaultLimit: c.defaultLimit,
          maxLimit: c.maxLimit,
          style: 'glp',
        }),
      ),
    );
}

function byId(c: Collection) {
  return ({ state, params }: RouteContext): FakeResponse => {
    const id = params.id ?? '';
    const item = state.list(c.file).find((i) => i.id === id);
    if (!item) throw glpNotFound(c.notFoundCode, id, c.source);
    return ok(publicView(item));
  };
}

function workspace({ state, params }: RouteContext): FakeResponse {
  const id = params.id ?? '';
  const ws = state.object('glp-workspace.json');
  if (ws.id !== id && state.bundle.manifest.credentials.workspaceId !== id)
    throw glpNotFound('HPE_GL_ERROR_NOT_FOUND', id, 'hpe.greenlake.workspace');
  return ok(publicView(ws));
}

/** GreenLake platform APIs: devices, subscriptions, users, workspace (SPEC.md §4). */
export const greenlakeRoutes: Route[] = [
  ...greenlakeDeviceRoutes,
  {
    method: 'GET',
    pattern: '/subscriptions/v1|v1beta1/subscriptions',
    kind: 'read',
    handler: list(SUBSCRIPTIONS),
  },
  {
    method: 'GET',
    pattern: '/subscriptions/v1|v1beta1/subscriptions/:id',
    kind: 'read',
    handler: byId(SUBSCRIPTIONS),
  },
  { method: 'GET', pattern: '/identity/v1/users', kind: 'read', handler: list(USERS) },
  { method: 'GET', pattern: '/identity/v1/users/:id', kind: 'read', handler: byId(USERS) },
  { method: 'GET', pattern: '/workspaces/v1/workspaces/:id', kind: 'read', handler: workspace },
];
