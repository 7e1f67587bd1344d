import { ApiError } from '../api-error.js';
import { isItem, text } from '../json.js';
import { applySort, matches, parseFilter } from '../odata.js';
import { cursorPage } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { Item, Json } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import { advance, createTask, findTask, pollAnswer } from './async-tasks.js';
import { ok } from './common.js';

const P = '/network-notifications/v1';
const BAD_REQUEST = 'HPE_GL_NETWORK_NOTIFICATIONS_BAD_REQUEST';
const NOT_FOUND = 'HPE_GL_NETWORK_NOTIFICATIONS_NOT_FOUND';
const PRIORITIES = ['Very High', 'High', 'Medium', 'Low', 'Very Low'];
const CLEAR_REASONS = [
  'Problem was resolved',
  'False Positive',
  'Insufficient information for troubleshooting',
  'Alert is not important',
  'Other',
];
/** Sorting by severity or priority follows their rank, not the alphabet. */
const RANKS: Record<string, Record<string, number>> = {
  severity: { Critical: 4, Major: 3, Minor: 2, Warning: 1 },
  priority: { 'Very High': 5, High: 4, Medium: 3, Low: 2, 'Very Low': 1 },
};

type AlertAction = 'clear' | 'defer' | 'active' | 'priority';

function bad(message: string): ApiError {
  return new ApiError(400, BAD_REQUEST, message);
}

/** Runs a shared helper (filter, paging) and re-codes its 400 the way this family answers. */
function family<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ApiError && error.response.status === 400) throw bad(error.message);
    throw error;
  }
}

/** The alert as the filter sees it: `siteId` is a filter field, but only a fixture internal. */
function filterView(alert: Item): Item {
  return { ...alert, siteId: alert.siteId ?? alert._siteId ?? null };
}

function sortAlerts(items: Item[], sort: string): Item[] {
  const views = items.map((item, index) => {
    const view: Item = { ...item, _index: index };
    for (const [field, rank] of Object.entries(RANKS)) {
      const value = item[field];
      if (typeof value === 'string') view[field] = rank[value] ?? 0;
    }
    return view;
  });
  return applySort(views, sort).flatMap((v) => {
    const original = items[Number(v._index)];
    return original ? [original] : [];
  });
}

function listAlerts({ state, query }: RouteContext): FakeResponse {
  return family(() => {
    const clauses = parseFilter(query.get('filter') ?? '');
    // NW passes the site as `site-id`; the live API tolerates it, so it scopes like the filter.
    const site = query.get('site-id');
    const items = state.list('alerts.json').filter((a) => {
      const view = filterView(a);
      return (site ? text(view.siteId) === site : true) && matches(view, clauses);
    });
    const sorted = sortAlerts(items, query.get('sort') ?? 'createdAt desc');
    return ok(cursorPage(sorted, query, { defaultLimit: 20, maxLimit: 100, lastNext: 'absent' }));
  });
}

function requireKeys(body: Item): string[] {
  const keys = body.keys;
  if (!Array.isArray(keys) || keys.length === 0) {
    throw bad('Validation errors - keys is required and must be a non-empty array');
  }
  if (!keys.every((k): k is string => typeof k === 'string' && k !== '')) {
    throw bad('Validation errors - keys must contain only non-empty strings');
  }
  return keys;
}

/** Validates the body of one action and returns the change it makes to each alert. */
function changeFor(action: AlertAction, body: Item, now: string): (alert: Item) => void {
  switch (action) {
    case 'clear': {
      const reason = body.reason ?? 'Other';
      if (typeof reason !== 'string' || !CLEAR_REASONS.includes(reason)) {
        throw bad(`Validation errors - reason must be one of: ${CLEAR_REASONS.join(', ')}`);
      }
      if (body.notes !== undefined && typeof body.notes !== 'string') {
        throw bad('Validation errors - notes must be a string');
      }
      return (alert) => {
        alert.status = 'Cleared';
        alert.clearedReason = reason;
      };
    }
    case 'defer': {
      const until = body.deferUntil;
      if (typeof until !== 'string' || until === '') {
        throw bad('Validation errors - deferUntil is required');
      }
      const at = Date.parse(until);
      if (Number.isNaN(at))
        throw bad(`Validation errors - deferUntil is not a date-time: ${until}`);
      if (at <= Date.parse(now)) throw bad('Validation errors - deferUntil must be in the future');
      return (alert) => {
        alert.status = 'Deferred';
        alert._deferUntil = until;
      };
    }
    case 'active':
      return (alert) => {
        alert.status = 'Active';
        alert.clearedReason = null;
      };
    case 'priority': {
      const priority = body.priority;
      if (typeof priority !== 'string' || !PRIORITIES.includes(priority)) {
        throw bad(`Validation errors - priority must be one of: ${PRIORITIES.join(', ')}`);
      }
      return (alert) => {
        alert.priority = priority;
      };
    }
  }
}

/**
 * Applies the action at once (reads see it immediately) unless the task failed, whether for
 * unknown keys or by an injected fault; the task reports what happened.
 */
function alertAction(action: AlertAction) {
  return (ctx: RouteContext): FakeResponse => {
    const { state, body } = ctx;
    const raw = body();
    if (!isItem(raw)) throw bad('Request body must be a JSON object');
    const keys = requireKeys(raw);
    const change = changeFor(action, raw, state.now);
    // The spec's own examples put `id`-shaped values ("22071893000:…") in `keys`: take both.
    const targets = state.list('alerts.json').flatMap((alert) => {
      const key = keys.find((k) => k === text(alert.key) || k === text(alert.id));
      return key === undefined ? [] : [{ alert, key }];
    });
    const missing = keys.filter((k) => !targets.some((t) => t.key === k));
    const logMessages: Json[] = targets.map(({ key }) => ({
      message: `Alert ${key}: ${action} applied`,
      timestamp: state.now,
    }));
    const error: Json =
      missing.length === 0
        ? null
        : {
            code: 'HPE_GL_ERROR_OPERATION_FAILED',
            message: `Alert key(s) not found: ${missing.join(', ')}`,
            details: 'Alert ID not found',
          };
    const task = createTask(ctx, {
      family: 'alerts',
      basePath: `${P}/alerts`,
      outcome: targets.length === 0 ? 'failed' : 'succeeded',
      result: { sourceResourceUri: `${P}/alerts/${action}`, logMessages, error },
    });
    if (task.outcome === 'succeeded') {
      for (const { alert } of targets) {
        change(alert);
        alert.updatedAt = state.now;
        alert.updatedBy = state.bundle.manifest.credentials.clientId;
      }
    }
    const location = `${P}/alerts/async-operations/${task.id}`;
    return {
      status: 202,
      headers: { Location: location },
      body: { location, response: 'Request accepted', taskId: task.id },
    };
  };
}

/** The error of a task an injected fault failed (it has no error of its own). */
function faultError(reason: string | null): Json {
  return {
    code: 'HPE_GL_ERROR_OPERATION_FAILED',
    message: reason ?? 'The operation failed.',
    details: reason ?? '',
  };
}

function actionStatus({ state, params }: RouteContext): FakeResponse {
  const id = params.taskId ?? '';
  const task = findTask(
    state,
    id,
    'alerts',
    () => new ApiError(404, NOT_FOUND, `Async operation task not found: ${id}`),
  );
  const phase = advance(task);
  const result = isItem(task.result) ? task.result : {};
  const failed = task.outcome === 'failed';
  const finished = failed ? 'FAILED' : 'SUCCEEDED';
  return pollAnswer(task, phase, {
    id: task.id,
    type: 'network-notifications/alert-action-status',
    state: phase.done ? finished : 'IN_PROGRESS',
    progressPercent: phase.progressPercent,
    startedAt: task.createdAt,
    endedAt: phase.done ? state.now : null,
    sourceResourceUri: result.sourceResourceUri ?? null,
    logMessages: phase.done && !failed ? (result.logMessages ?? []) : [],
    // A partial success keeps its error (the unknown keys); a fault-failed task gets one.
    error: phase.done ? (result.error ?? (failed ? faultError(task.failReason) : null)) : null,
  });
}

function actionRoute(action: AlertAction): Route {
  return {
    method: 'POST',
    pattern: `${P}/alerts/${action}`,
    kind: 'write',
    handler: alertAction(action),
  };
}

/** network-notifications v1: alerts, alert actions and their async status (SPEC.md §4, §8). */
export const notificationsRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${P}/alerts`,
    kind: 'read',
    handler: listAlerts,
  },
  actionRoute('clear'),
  actionRoute('defer'),
  actionRoute('active'),
  actionRoute('priority'),
  {
    method: 'GET',
    pattern: `${P}/alerts/async-operations/:taskId`,
    kind: 'poll',
    handler: actionStatus,
  },
];
