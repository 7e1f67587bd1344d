import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../../fake-central/types.js';
import { faultRunFigures } from './fault-run.js';

let seq = 0;
const call = (over: Partial<CallRecord>): CallRecord => {
  seq += 1;
  return {
    seq,
    method: 'GET',
    host: 'us5.api.central.arubanetworks.com',
    path: '/network-monitoring/v1/clients',
    query: {},
    status: 200,
    kind: 'read',
    bodyDigest: null,
    durationMs: 1,
    atMs: seq * 100,
    ...over,
  };
};

describe('faultRunFigures', () => {
  it('a clean run has no figures to speak of', () => {
    expect(faultRunFigures([call({ kind: 'auth', path: '/as/token.oauth2' }), call({})])).toEqual({
      faulted_calls: 0,
      retry_after_early: 0,
      retries_after_client_error: 0,
      short_page_misses: 0,
      recovery_calls: null,
      recovery_ms: null,
    });
  });

  it('a 429 honoured: recovery in calls and ms from the fake’s clock', () => {
    const calls = [
      call({ status: 429, fault: 'rate_limit', atMs: 10 }),
      call({ status: 200, atMs: 1015 }),
    ];
    expect(faultRunFigures(calls)).toMatchObject({
      faulted_calls: 1,
      retry_after_early: 0,
      recovery_calls: 1,
      recovery_ms: 1005,
    });
  });

  it('counts calls the fake marked early, and identical retries of a non-retryable 4xx', () => {
    const post = {
      method: 'POST',
      path: '/network-config/v1alpha1/cnac-mac-reg',
      kind: 'write' as const,
      bodyDigest: 'abc',
    };
    const calls = [
      call({ status: 429, fault: 'rate_limit' }),
      call({ status: 200, retryAfterEarly: true }),
      call({ ...post, status: 400, fault: 'client_error' }),
      call({ ...post, status: 201 }),
      call({ ...post, bodyDigest: 'other', status: 201 }), // a different request is not a retry
    ];
    expect(faultRunFigures(calls)).toMatchObject({
      faulted_calls: 2,
      retry_after_early: 1,
      retries_after_client_error: 1,
      recovery_calls: 3, // from the first failing fault (the 429) to the 2xx after the last (the 400)
    });
  });

  it('never recovered: null; latency alone is not a failure', () => {
    expect(
      faultRunFigures([
        call({ status: 503, fault: 'server_error' }),
        call({ status: 503, fault: 'server_error' }),
      ]).recovery_calls,
    ).toBeNull();
    expect(faultRunFigures([call({ fault: 'latency' })])).toMatchObject({
      faulted_calls: 1,
      recovery_calls: null,
    });
  });

  type Later = { limit: string; next?: string; offset?: string; cut?: boolean };
  it.each<[string, Later[], number]>([
    ['trusted (next page only)', [{ limit: '4', next: '2' }], 1],
    ['asked again', [{ limit: '4' }], 0],
    ['asked again, but cut again (both missed)', [{ limit: '4', cut: true }], 2],
    ['continued at offset + served (offset form)', [{ limit: '4', offset: '2' }], 0],
    ['continued at offset + limit (skips items)', [{ limit: '4', offset: '4' }], 1],
  ])('a short page %s: misses %s', (_name, after, misses) => {
    const first = { limit: '4', ...(after.some((q) => 'offset' in q) ? { offset: '0' } : {}) };
    const calls = [
      call({ query: first, fault: 'short_page', shortPage: { served: 2, of: 4 } }),
      ...after.map(({ cut, ...query }) =>
        call({
          query: { ...query },
          ...(cut ? { fault: 'short_page', shortPage: { served: 2, of: 4 } } : {}),
        }),
      ),
    ];
    expect(faultRunFigures(calls).short_page_misses).toBe(misses);
  });
});
