import { ApiError } from '../api-error.js';
import { text } from '../json.js';
import { applyFilter, applySort } from '../odata.js';
import { cursorPage, offsetPage, publicView } from '../paging.js';
import type { Route, RouteContext } from '../router.js';
import type { FakeResponse } from '../http-types.js';
import { byParam, filterAndSort, MRT_VERSIONS, ok } from './common.js';
import { toBundleWindow } from '../clock.js';

const S = `/network-services/${MRT_VERSIONS}`;
const INVALID_INPUT = 'HPE_GL_NETWORK_SERVICES_INVALID_INPUT';
const MAX_AUDIT_WINDOW_MS = 90 * 24 * 3600 * 1000;

function invalid(message: string): ApiError {
  return new ApiError(400, INVALID_INPUT, message);
}

/** Runs a shared helper (filter, paging) and re-codes its 400 the way the audit API answers. */
function auditFamily<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ApiError && error.response.status === 400) throw invalid(error.message);
    throw error;
  }
}

/** SS sends `serialNumber` as a camelCase query parameter; it narrows like the filter field. */
function firmwareDetails({ state, query }: RouteContext): FakeResponse {
  const items = byParam(state.list('firmware-details.json'), query, 'serialNumber', 'serialNumber');
  return ok(cursorPage(filterAndSort(items, query), query, { defaultLimit: 20, maxLimit: 1000 }));
}

function timeParam(query: URLSearchParams, name: string): number {
  const raw = query.get(name) ?? '';
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw invalid(`${name} must be an RFC 3339 timestamp, got "${raw}"`);
  return at;
}

function audits({ state, query }: RouteContext): FakeResponse {
  const missing = ['start-at', 'end-at'].filter((n) => (query.get(n) ?? '') === '');
  if (missing.length > 0) {
    throw invalid(`Missing required query parameter(s): ${missing.join(', ')}`);
  }
  const [start, end] = toBundleWindow(
    state,
    timeParam(query, 'start-at'),
    timeParam(query, 'end-at'),
  );
  if (end <= start) throw invalid('end-at must be later than start-at');
  if (end - start >= MAX_AUDIT_WINDOW_MS) {
    throw invalid('The difference between end-at and start-at must be less than 90 days');
  }
  return auditFamily(() => {
    const inWindow = state.list('audits.json').filter((a) => {
      const at = Date.parse(text(a.occurredOn));
      return at >= start && at <= end;
    });
    const filtered = applyFilter(inWindow, query.get('filter'));
    const sorted = applySort(filtered, query.get('sort') ?? 'occurredOn desc');
    return ok(offsetPage(sorted, query, { defaultLimit: 200, maxLimit: 1000, minOffset: 1 }));
  });
}

function auditDetail({ state, params }: RouteContext): FakeResponse {
  const id = params.id ?? '';
  const audit = state.list('audits.json').find((a) => a.id === id || a.auditId === id);
  if (!audit) {
    throw new ApiError(404, 'HPE_GL_NETWORK_SERVICES_RESOURCE_NOT_FOUND', `Audit not found: ${id}`);
  }
  return ok(publicView(audit));
}

/** network-services v1 and v1alpha1: firmware details and audit logs (SPEC.md §4). */
export const servicesRoutes: Route[] = [
  {
    method: 'GET',
    pattern: `${S}/firmware-details`,
    kind: 'read',
    handler: firmwareDetails,
  },
  {
    method: 'GET',
    pattern: `${S}/audits`,
    kind: 'read',
    handler: audits,
  },
  {
    // NW calls the singular `audit/{id}` (SPEC.md §4); both answer.
    method: 'GET',
    pattern: `${S}/audits|audit/:id`,
    kind: 'read',
    handler: auditDetail,
  },
];
