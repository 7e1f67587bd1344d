import { EndpointPatternError, parseEndpointPattern } from '../endpoint-pattern.js';
import { CALL_KINDS, type CallKind, type CallRecord } from '../types.js';
import { ControlError } from './control-error.js';

/** `GET /_fake/calls` filters: all optional, all must hold. */
export interface CallsQuery {
  /** Only records with `seq` greater than this (the last seq a client saw). */
  since: number;
  method?: string;
  /** An endpoint pattern in the scenarios' syntax (`GET /network-monitoring/v1/*`, `/x/**`). */
  path?: string;
  kind?: CallKind;
}

/** Reads the query string of `GET /_fake/calls`; a bad value is a 400 naming the parameter. */
export function parseCallsQuery(params: URLSearchParams): CallsQuery {
  const query: CallsQuery = { since: 0 };
  const since = params.get('since');
  if (since !== null) {
    if (!/^\d+$/.test(since)) {
      throw new ControlError(
        400,
        'FAKE_CONTROL_BAD_QUERY',
        `since=${since} is not a sequence number`,
        'pass the seq of the last call you saw (0 or nothing for all calls since the last reset)',
      );
    }
    query.since = Number(since);
  }
  const method = params.get('method');
  if (method !== null) query.method = method.toUpperCase();
  const path = params.get('path');
  if (path !== null) {
    try {
      parseEndpointPattern(path);
    } catch (error) {
      if (!(error instanceof EndpointPatternError)) throw error;
      throw new ControlError(400, 'FAKE_CONTROL_BAD_QUERY', `path: ${error.message}`, error.hint);
    }
    query.path = path;
  }
  const kind = params.get('kind');
  if (kind !== null) {
    if (!CALL_KINDS.includes(kind as CallKind)) {
      throw new ControlError(
        400,
        'FAKE_CONTROL_BAD_QUERY',
        `kind=${kind} is not a call kind`,
        `kinds: ${CALL_KINDS.join(', ')}`,
      );
    }
    query.kind = kind as CallKind;
  }
  return query;
}

/**
 * The records that pass the filters. `path` goes through the one endpoint-pattern matcher the
 * scenarios and fault plans use; a pattern with a method (`GET /a/*`) also checks the method.
 */
export function filterCalls(calls: readonly CallRecord[], query: CallsQuery): CallRecord[] {
  const pattern = query.path === undefined ? undefined : parseEndpointPattern(query.path);
  return calls.filter(
    (c) =>
      c.seq > query.since &&
      (query.method === undefined || c.method === query.method) &&
      (query.kind === undefined || c.kind === query.kind) &&
      (pattern === undefined || pattern.matches(c.method, c.path)),
  );
}
