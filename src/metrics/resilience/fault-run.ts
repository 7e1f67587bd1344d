import type { CallRecord } from '../../../fake-central/index.js';

/** Fault kinds whose answer replaces the API's (the client must recover from them). */
const FAILING_FAULTS = ['rate_limit', 'server_error', 'client_error', 'token_expiry'] as const;

/** 4xx statuses that no retry can fix (401 refreshes a token, 408/425/429 ask for a retry). */
const NON_RETRYABLE = new Set([400, 403, 404, 405, 409, 410, 422]);

/** How a run coped with the faults the fake injected, from the fake's call log only. */
export interface FaultRunFigures {
  /** Calls the fault plan shaped (`fault` set in the call log). */
  faulted_calls: number;
  /** Calls that arrived before an injected 429's Retry-After had elapsed (counted by the fake). */
  retry_after_early: number;
  /** Requests sent again, identical (method, path, query, body), after a non-retryable 4xx. */
  retries_after_client_error: number;
  /**
   * Pages a `short_page` fault cut whose missing items the client never asked for: no later 2xx
   * of the same request (the page asked again), nor of the same request continued at
   * `offset + served` (the offset form).
   */
  short_page_misses: number;
  /**
   * From the first failing fault to the first successful (2xx) API call after the last one, in
   * calls and in ms of the fake's clock; null when nothing failed or nothing succeeded after.
   */
  recovery_calls: number | null;
  recovery_ms: number | null;
}

const failing = (call: CallRecord): boolean =>
  call.fault !== undefined &&
  call.fault.split('+').some((kind) => (FAILING_FAULTS as readonly string[]).includes(kind));

const requestKey = (call: CallRecord): string =>
  JSON.stringify([call.method, call.host, call.path, call.query, call.bodyDigest]);

const queryWith = (query: CallRecord['query'], key: string, value: string): string =>
  JSON.stringify(Object.entries({ ...query, [key]: value }).sort(([a], [b]) => a.localeCompare(b)));

/** The short page's rest was fetched later: the same page again, or continued at offset+served. */
function restFetched(cut: CallRecord, later: readonly CallRecord[]): boolean {
  const served = cut.shortPage?.served ?? 0;
  const offset = cut.query.offset;
  const continued =
    typeof offset === 'string' && /^\d+$/.test(offset)
      ? queryWith(cut.query, 'offset', String(Number(offset) + served))
      : null;
  const same = JSON.stringify(Object.entries(cut.query).sort(([a], [b]) => a.localeCompare(b)));
  return later.some((c) => {
    if (c.method !== cut.method || c.host !== cut.host || c.path !== cut.path) return false;
    if (c.status < 200 || c.status >= 300 || c.shortPage !== undefined) return false;
    const query = JSON.stringify(Object.entries(c.query).sort(([a], [b]) => a.localeCompare(b)));
    return query === same || query === continued;
  });
}

/** Reads resilience figures off one run's call log (pure). */
export function faultRunFigures(calls: readonly CallRecord[]): FaultRunFigures {
  const api = calls.filter((c) => c.kind !== 'auth' && c.kind !== 'escape');
  let retries = 0;
  const refused = new Set<string>();
  for (const call of api) {
    const key = requestKey(call);
    if (refused.has(key)) retries += 1;
    if (NON_RETRYABLE.has(call.status)) refused.add(key);
  }
  const firstFail = api.findIndex(failing);
  let lastFail = -1;
  api.forEach((c, i) => {
    if (failing(c)) lastFail = i;
  });
  const recoveredAt =
    lastFail < 0 ? -1 : api.findIndex((c, i) => i > lastFail && c.status >= 200 && c.status < 300);
  const recovered = firstFail >= 0 && recoveredAt >= 0;
  const first = api[firstFail];
  const back = api[recoveredAt];
  return {
    faulted_calls: calls.filter((c) => c.fault !== undefined).length,
    retry_after_early: calls.filter((c) => c.retryAfterEarly === true).length,
    retries_after_client_error: retries,
    short_page_misses: api.filter(
      (c, i) => c.shortPage !== undefined && !restFetched(c, api.slice(i + 1)),
    ).length,
    recovery_calls: recovered ? recoveredAt - firstFail : null,
    recovery_ms:
      recovered && first?.atMs !== undefined && back?.atMs !== undefined
        ? Math.round((back.atMs - first.atMs) * 1000) / 1000
        : null,
  };
}
