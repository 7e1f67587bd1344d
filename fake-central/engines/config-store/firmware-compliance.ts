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
import type { FakeState } from '../../state.js';
import type { Item } from '../../types.js';
import type { FakeResponse } from '../../http-types.js';
import { annotate, scopeMarkers, writeScope, type ObjectScope } from './scope.js';

/** The shared (global) policy: the bundle's object, `{}` when deleted. */
const SHARED_FILE = 'firmware-compliance.json';
/** Policies committed at a scope, keyed `<scope-id> <device-function>`. */
const LOCAL_FILE = 'firmware-compliance-local.json';

const localKey = (scopeId: string, fn: string): string => `${scopeId} ${fn}`;

/** What a read addresses: the shared policy, or a scope (and optionally a device function). */
type ReadTarget =
  | { kind: 'SHARED' }
  | { kind: 'LOCAL'; scopeId: string; deviceFunction: string | null; effective: boolean };

/**
 * The read parameters of readFirmwareCompliance (`view-type`, `object-type`, `scope-id`,
 * `device-function`, `effective`), read like the generic store's (scope.ts): LIBRARY or SHARED is
 * the shared policy; LOCAL or a `scope-id` is what is committed at that scope (scope-id is then
 * mandatory, SPEC.md §13 D5); nothing is the shared policy.
 */
function readTarget(query: URLSearchParams): ReadTarget {
  const view = query.get('view-type');
  const objectType = query.get('object-type');
  const scopeId = query.get('scope-id') ?? '';
  if (view === 'LIBRARY' || objectType === 'SHARED') return { kind: 'SHARED' };
  const local = view === 'LOCAL' || objectType === 'LOCAL' || scopeId !== '';
  if (!local) return { kind: 'SHARED' };
  if (scopeId === '') {
    throw new ApiError(400, 'ERR_AP001', 'Bad request. scope-id is mandatory for a LOCAL read.');
  }
  return {
    kind: 'LOCAL',
    scopeId,
    deviceFunction: query.get('device-function'),
    effective: query.get('effective') === 'true',
  };
}

/** The site collection a site scope belongs to, if any (the bundle's scope sites). */
function parentScope(state: FakeState, scopeId: string): string | null {
  const site = state.list('scope-sites.json').find((s) => text(s.scopeId ?? s.id) === scopeId);
  const parent = site === undefined ? '' : text(site.collectionId);
  return parent === '' ? null : parent;
}

function committedAt(state: FakeState, scopeId: string, fn: string | null): Item | undefined {
  const local = state.object(LOCAL_FILE);
  if (fn !== null) {
    const hit = local[localKey(scopeId, fn)];
    return isItem(hit) ? hit : undefined;
  }
  const key = Object.keys(local)
    .sort()
    .find((k) => k.startsWith(`${scopeId} `));
  const hit = key === undefined ? undefined : local[key];
  return isItem(hit) ? hit : undefined;
}

/**
 * The policy a read selects. With `effective=true` a scope without its own policy inherits the
 * nearest one above it: its site collection's, then the shared one (the scope hierarchy of
 * SPEC.md §11: global → site collection → site).
 */
function policyFor(state: FakeState, target: ReadTarget): Item | undefined {
  const shared = state.object(SHARED_FILE);
  const sharedPolicy = Object.keys(shared).length > 0 ? shared : undefined;
  if (target.kind === 'SHARED') return sharedPolicy;
  const own = committedAt(state, target.scopeId, target.deviceFunction);
  if (own || !target.effective) return own;
  const parent = parentScope(state, target.scopeId);
  const inherited = parent === null ? undefined : committedAt(state, parent, target.deviceFunction);
  return inherited ?? sharedPolicy;
}

/** A scope id → [scope_type, scope_name] for `detailed=true` annotations. */
function scopeNamer(state: FakeState): (id: string) => [string, string] {
  const sites = state.list('scope-sites.json');
  return (id) => {
    const site = sites.find((s) => text(s.scopeId ?? s.id) === id);
    if (site) return ['SITE', text(site.scopeName ?? site.name)];
    const member = sites.find((s) => text(s.collectionId) === id);
    return member ? ['SITE_COLLECTION', text(member.collectionName)] : ['SCOPE', id];
  };
}

function read({ state, query }: RouteContext): FakeResponse {
  const policy = policyFor(state, readTarget(query));
  if (!policy) throw configNotFound('firmware-compliance');
  const view = query.get('detailed') === 'true' ? annotate(policy, scopeNamer(state)) : policy;
  return ok(publicView(view));
}

/** The stored policy of a write's scope (`{}` when there is none) and how to replace it. */
function slot(
  state: FakeState,
  scope: ObjectScope,
): { current: Item; put: (p: Item | null) => void } {
  if (scope.objectType === 'SHARED') {
    return {
      current: state.object(SHARED_FILE),
      put: (p) => state.setObject(SHARED_FILE, p ?? {}),
    };
  }
  const local = state.object(LOCAL_FILE);
  const key = localKey(scope.scopeId ?? '', scope.deviceFunction ?? '');
  const hit = local[key];
  return {
    current: isItem(hit) ? hit : {},
    put: (p) => {
      const next: Item = { ...local };
      if (p === null) delete next[key];
      else next[key] = { ...p, ...scopeMarkers(scope) };
      state.setObject(LOCAL_FILE, next);
    },
  };
}

/**
 * Writes of the firmware-policy document (createFirmwareCompliance, updateFirmwareCompliance,
 * deleteFirmwareCompliance, plus PUT as a replace) at the scope `object-type`/`scope-id`/
 * `device-function` name (scope.ts `writeScope`: SHARED by default): POST on an existing policy is
 * 412, PATCH merges (RFC 7386), PATCH or DELETE of a missing one is 404.
 */
function write(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  return ({ state, query, body }: RouteContext): FakeResponse => {
    const scope = writeScope(query);
    const { current, put } = slot(state, scope);
    const exists = Object.keys(current).length > 0;
    if (method === 'DELETE') {
      if (!exists) throw configNotFound('firmware-compliance');
      put(null);
      return ok(configSuccess(state));
    }
    const patch = bodyObject(body(), 'config');
    if (method === 'POST' && exists) throw alreadyExists('firmware-compliance');
    if (method === 'PATCH' && !exists) throw configNotFound('firmware-compliance');
    put(method === 'PATCH' ? mergePatch(current, patch) : patch);
    return ok(configSuccess(state));
  };
}

const PATTERN = `/network-config/${CONFIG_VERSIONS}/firmware-compliance`;

/**
 * The firmware policy (firmware-policy document): one policy per scope, the shared one from the
 * bundle, the others created by LOCAL writes (SPEC.md §11). State checks on the
 * `firmware-compliance` collection see the shared policy.
 */
export const firmwareComplianceRoutes: Route[] = [
  { method: 'GET', pattern: PATTERN, kind: 'read', handler: read },
  ...(['POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method): Route => ({
    method,
    pattern: PATTERN,
    kind: 'write',
    handler: write(method),
  })),
];
