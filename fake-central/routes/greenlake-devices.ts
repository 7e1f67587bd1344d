import { isItem, text } from '../json.js';
import { offsetPage } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { advance, createTask, findTask, pollAnswer } from './async-tasks.js';
import { filterAndSort, ok, publicView } from './common.js';
import { mergePatch } from './config-profiles.js';
import { glpBadRequest, glpFamily, glpNotFound } from './greenlake-errors.js';

const DEVICES = '/devices/v1|v1beta1|v2beta1/devices';
const DM_SOURCE = 'hpe.greenlake.devicemanagement';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PATCH_IDS = 5;
/** v1 fields plus the v2beta1 additions, merged as RFC 7396 merge patches. */
const MERGED = [
  'archived',
  'contact',
  'location',
  'tags',
  'tenantWorkspaceId',
  'tenantPlatformCustomerId',
];
const PATCHABLE = ['application', 'region', 'subscription', ...MERGED];

/** `filter-tags`: `'key' eq 'value'` clauses joined by `and`, matched against `tags`. */
function byTags(items: Item[], expr: string | null): Item[] {
  if (expr === null || expr.trim() === '') return items;
  const clauses = expr.split(/\s+and\s+/i).map((part) => {
    const m = /^\s*'?([^'\s]+)'?\s+eq\s+'((?:[^']|'')*)'\s*$/i.exec(part);
    if (!m?.[1] || m[2] === undefined) {
      throw glpBadRequest(`Invalid filter-tags expression: ${part.trim()}`, 'filter-tags');
    }
    return [m[1], m[2].replaceAll("''", "'")] as const;
  });
  return items.filter((item) => {
    const tags = isItem(item.tags) ? item.tags : {};
    return clauses.every(([key, value]) => text(tags[key]) === value);
  });
}

function project(page: Item, query: URLSearchParams): Item {
  const fields = query
    .getAll('select')
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (fields.length === 0 || !Array.isArray(page.items)) return page;
  const items = page.items.map((item) =>
    isItem(item)
      ? Object.fromEntries(fields.filter((f) => f in item).map((f) => [f, item[f] ?? null]))
      : item,
  );
  return { ...page, items };
}

function listDevices({ state, query }: RouteContext): FakeResponse {
  return glpFamily(() => {
    const items = filterAndSort(
      byTags(state.list('glp-devices.json'), query.get('filter-tags')),
      query,
    );
    const page = offsetPage(items, query, { defaultLimit: 2000, maxLimit: 2000, style: 'glp' });
    return ok(project(page, query));
  });
}

function deviceById(state: FakeState, id: string): Item {
  const device = state.list('glp-devices.json').find((d) => d.id === id);
  if (!device) throw glpNotFound('HPE_GL_DM_DEVICE_ID_NOT_FOUND', id, DM_SOURCE);
  return device;
}

function patchIds(query: URLSearchParams): string[] {
  const ids = [
    ...new Set(
      query
        .getAll('id')
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== ''),
    ),
  ];
  if (ids.length === 0) throw glpBadRequest('At least one device ID is required.', 'id');
  if (ids.length > MAX_PATCH_IDS) {
    throw glpBadRequest(`At most ${MAX_PATCH_IDS} device IDs can be updated per request.`, 'id');
  }
  if (ids.some((id) => !UUID.test(id))) throw glpBadRequest('device ID is not a valid UUID.', 'id');
  return ids;
}

/** Checks the body and returns how it changes one device, or why the operation fails. */
function planPatch(
  state: FakeState,
  body: Item,
): { apply: (d: Item) => void; failure: string | null } {
  const unknown = Object.keys(body).filter((k) => !PATCHABLE.includes(k));
  if (unknown[0] !== undefined) {
    throw glpBadRequest(`Unsupported field: ${unknown.join(', ')}`, unknown[0], 'body');
  }
  const assigning = 'application' in body || 'region' in body;
  if (assigning && 'subscription' in body) {
    throw glpBadRequest(
      'Only one operation is supported in a single API call.',
      'subscription',
      'body',
    );
  }
  const app = body.application;
  if (
    app !== undefined &&
    app !== null &&
    !(isItem(app) && (typeof app.id === 'string' || app.id === null))
  ) {
    throw glpBadRequest('application must be an object with an id.', 'application', 'body');
  }
  if (body.region !== undefined && body.region !== null && typeof body.region !== 'string') {
    throw glpBadRequest('region must be a string.', 'region', 'body');
  }
  let subscriptions: Json[] | undefined;
  let failure: string | null = null;
  if ('subscription' in body) {
    const wanted = body.subscription;
    if (!Array.isArray(wanted) || !wanted.every((s) => isItem(s) && typeof s.id === 'string')) {
      throw glpBadRequest('subscription must be an array of {id}.', 'subscription', 'body');
    }
    const known = state.list('glp-subscriptions.json');
    subscriptions = wanted.map((s) => {
      const id = text(isItem(s) ? s.id : null);
      const sub = known.find((k) => k.id === id);
      if (!sub) failure ??= `Subscription not found: ${id}`;
      return {
        id,
        key: sub?.key ?? null,
        tier: sub?.tier ?? null,
        startTime: sub?.startTime ?? null,
        endTime: sub?.endTime ?? null,
        resourceUri: `/subscriptions/v1/subscriptions/${id}`,
      };
    });
  }
  const apply = (device: Item): void => {
    if (isItem(app) && typeof app.id === 'string') {
      device.application = {
        id: app.id,
        resourceUri: `/service-catalog/v1/service-managers/${app.id}`,
      };
      device.assignedState = 'ASSIGNED_TO_SERVICE';
    } else if (app === null || (isItem(app) && app.id === null)) {
      device.application = null;
      device.assignedState = 'UNASSIGNED';
    }
    if (body.region !== undefined) device.region = body.region;
    if (subscriptions !== undefined) device.subscription = subscriptions;
    const merged = Object.fromEntries(Object.entries(body).filter(([k]) => MERGED.includes(k)));
    const next = mergePatch(device, merged);
    for (const key of Object.keys(device)) if (!(key in next)) delete device[key];
    Object.assign(device, next);
  };
  return { apply, failure };
}

function patchDevices(ctx: RouteContext): FakeResponse {
  const { state, query, body, req } = ctx;
  const devices = patchIds(query).map((id) => deviceById(state, id));
  const raw = body();
  if (!isItem(raw))
    throw glpBadRequest('Request body must be a JSON merge patch object.', 'body', 'body');
  const { apply, failure } = planPatch(state, raw);
  const ids = devices.map((d) => ({ id: d.id ?? null }));
  const resultType = req.rawPath.includes('/v2beta1/')
    ? 'PatchDeviceResponseV2'
    : 'PatchDeviceResponse';
  const task = createTask(ctx, {
    family: 'greenlake',
    basePath: '/devices/v1/async-operations',
    outcome: failure === null ? 'succeeded' : 'failed',
    failReason: failure,
    result: null,
  });
  // An injected task fault may have failed the operation: then, too, nothing changes.
  const succeeded = task.outcome === 'succeeded';
  const reason = task.failReason ?? '';
  task.result = {
    resultType,
    succeededDevices: succeeded ? ids : [],
    failedDevices: succeeded ? [] : ids.map((d) => ({ ...d, reason })),
  };
  if (succeeded && query.get('dry-run') !== 'true') {
    for (const device of devices) {
      apply(device);
      device.updatedAt = state.now;
    }
  }
  const location = `/devices/v1/async-operations/${task.id}`;
  return {
    status: 202,
    headers: { Location: location },
    body: { code: 202, status: '202 ACCEPTED', transactionId: task.id },
  };
}

function asyncOperation({ state, params }: RouteContext): FakeResponse {
  const id = params.id ?? '';
  const task = findTask(state, id, 'greenlake', () =>
    glpNotFound('HPE_GL_DM_ASYNC_OPERATION_NOT_FOUND', id, DM_SOURCE),
  );
  const phase = advance(task);
  const result = isItem(task.result) ? task.result : {};
  const { resultType = null, ...outcome } = result;
  return pollAnswer(task, phase, {
    id: task.id,
    type: 'devices/asyncOperation',
    status: phase.done ? (task.outcome === 'failed' ? 'FAILED' : 'SUCCEEDED') : 'RUNNING',
    progressPercent: phase.progressPercent,
    resultType,
    result: phase.done ? outcome : {},
    ...(phase.done && task.failReason !== null ? { error: { message: task.failReason } } : {}),
    startedAt: task.createdAt,
    endedAt: phase.done ? state.now : null,
    suggestedPollingIntervalSeconds: 2,
    timeoutMinutes: 10,
  });
}

/** GreenLake device management: list, detail, PATCH (async) and its operation status (§2.10). */
export const greenlakeDeviceRoutes: Route[] = [
  { method: 'GET', pattern: DEVICES, kind: 'read', handler: listDevices },
  {
    method: 'GET',
    pattern: `${DEVICES}/:id`,
    kind: 'read',
    handler: ({ state, params }) => ok(publicView(deviceById(state, params.id ?? ''))),
  },
  { method: 'PATCH', pattern: DEVICES, kind: 'write', handler: patchDevices },
  {
    method: 'GET',
    pattern: '/devices/v1|v1beta1/async-operations/:id',
    kind: 'poll',
    handler: asyncOperation,
  },
];
