import { ApiError } from '../../api-error.js';
import { text } from '../../json.js';
import type { Item, Json } from '../../types.js';

/**
 * Where a config object lives. SHARED objects are the library (the bundle's items carry no
 * marker); LOCAL objects belong to one scope and device function, kept in the private fields
 * `_scopeId` / `_deviceFunction` (never served; publicView drops `_` fields).
 */
export interface ObjectScope {
  objectType: 'SHARED' | 'LOCAL';
  scopeId?: string;
  deviceFunction?: string;
}

/**
 * The scope a write addresses: `object-type` LOCAL needs `scope-id` and `device-function`, an
 * explicit SHARED forbids them, no `object-type` means SHARED unless a scope is given (the
 * documents' `post_object_type`/`delete_scope_id` parameter descriptions).
 */
export function writeScope(query: URLSearchParams): ObjectScope {
  const objectType = query.get('object-type');
  const scopeId = query.get('scope-id') ?? '';
  const deviceFunction = query.get('device-function') ?? '';
  const scoped = scopeId !== '' || deviceFunction !== '';
  if (objectType !== null && objectType !== 'LOCAL' && objectType !== 'SHARED') {
    throw new ApiError(
      400,
      'ERR_AP001',
      `Bad request. object-type must be LOCAL or SHARED, got ${objectType}.`,
    );
  }
  if (objectType === 'SHARED' && scoped) {
    throw new ApiError(
      400,
      'ERR_AP001',
      'Bad request. scope-id and device-function are not allowed when object-type is SHARED.',
    );
  }
  if (objectType === 'LOCAL' || scoped) {
    if (scopeId === '' || deviceFunction === '') {
      throw new ApiError(
        400,
        'ERR_AP001',
        'Bad request. scope-id and device-function are mandatory when object-type is LOCAL.',
      );
    }
    return { objectType: 'LOCAL', scopeId, deviceFunction };
  }
  return { objectType: 'SHARED' };
}

/** The object's own scope, from its private markers. */
export function scopeOf(item: Item): ObjectScope {
  if (item._objectType !== 'LOCAL') return { objectType: 'SHARED' };
  return {
    objectType: 'LOCAL',
    scopeId: text(item._scopeId),
    deviceFunction: text(item._deviceFunction),
  };
}

export function sameScope(a: ObjectScope, b: ObjectScope): boolean {
  return (
    a.objectType === b.objectType &&
    (a.objectType === 'SHARED' ||
      (a.scopeId === b.scopeId && a.deviceFunction === b.deviceFunction))
  );
}

/** The private markers that store a scope on an item (none for SHARED). */
export function scopeMarkers(scope: ObjectScope): Item {
  if (scope.objectType === 'SHARED') return {};
  return {
    _objectType: 'LOCAL',
    _scopeId: scope.scopeId ?? '',
    _deviceFunction: scope.deviceFunction ?? '',
  };
}

/**
 * Which objects a read selects: `view-type=LIBRARY` the shared library only (other parameters
 * ignored); `view-type=LOCAL` what is committed at `scope-id` (mandatory, else 400; with
 * `effective=true` the shared objects it inherits too); otherwise `object-type`, `scope-id` and
 * `device-function` filter, and no parameter selects everything.
 */
export function readFilter(query: URLSearchParams): (item: Item) => boolean {
  const view = query.get('view-type');
  const objectType = query.get('object-type');
  const scopeId = query.get('scope-id');
  const fn = query.get('device-function');
  if (view === 'LIBRARY') return (item) => scopeOf(item).objectType === 'SHARED';
  if (view === 'LOCAL' && (scopeId === null || scopeId === '')) {
    throw new ApiError(
      400,
      'ERR_AP001',
      'Bad request. scope-id is mandatory when view-type is LOCAL.',
    );
  }
  const effective = query.get('effective') === 'true';
  return (item) => {
    const s = scopeOf(item);
    if (s.objectType === 'SHARED') {
      if (view === 'LOCAL') return effective;
      return objectType !== 'LOCAL' && (scopeId === null || effective || objectType === 'SHARED');
    }
    if (objectType === 'SHARED') return false;
    if (scopeId !== null && s.scopeId !== scopeId) return false;
    return fn === null || s.deviceFunction === fn;
  };
}

/**
 * `detailed=true` annotations: an `@` member naming the object type and, for LOCAL objects, a
 * stringified list of {device_function, scope_type, scope_name} records, the form the live API
 * sends (nowireless4u tests/unit/test_redaction_embedded_leaks.py:124-131 and
 * skills/central-scope-visualizer.md:69-85 @91fe984; the documents only say "annotations").
 */
export function annotate(item: Item, scopeName: (scopeId: string) => [string, string]): Item {
  const s = scopeOf(item);
  const note: Record<string, Json> = { 'aruba-annotation:object_type': s.objectType };
  if (s.objectType === 'LOCAL') {
    const [type, name] = scopeName(s.scopeId ?? '');
    note['aruba-annotation:scope_device_function'] = JSON.stringify([
      { device_function: s.deviceFunction ?? '', scope_type: type, scope_name: name },
    ]);
  }
  return { ...item, '@': note };
}

/** Singletons keep one object per scope: `SHARED`, or `LOCAL <scope-id> <device-function>`. */
export function singletonKey(scope: ObjectScope): string {
  return scope.objectType === 'SHARED'
    ? 'SHARED'
    : `LOCAL ${scope.scopeId} ${scope.deviceFunction}`;
}
