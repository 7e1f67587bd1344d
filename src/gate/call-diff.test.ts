import { describe, expect, it } from 'vitest';
import { runRequests } from '../report/run-result.js';
import type { Report, RunRequest } from '../report/types.js';
import { describeEndpointDiff, diffRequests, endpointTemplate } from './call-diff.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';

const get = (path: string, query: Record<string, string> = {}): RunRequest => ({
  method: 'GET',
  host: 'us5.api.central.arubanetworks.com',
  path,
  status: 200,
  kind: 'read',
  ...(Object.keys(query).length > 0 ? { query } : {}),
});
const token: RunRequest = { ...get('/as/token.oauth2'), method: 'POST', kind: 'auth' };

describe('endpointTemplate', () => {
  it.each([
    ['/network-monitoring/v1alpha1/clients', '/network-monitoring/v1alpha1/clients'],
    ['/network-monitoring/v1/clients/3c:a6:2f:11:22:33', '/network-monitoring/v1/clients/{id}'],
    [
      '/network-monitoring/v1/clients/3c%3Aa6%3A2f%3A11%3A22%3A33',
      '/network-monitoring/v1/clients/{id}',
    ],
    ['/network-monitoring/v1/aps/CNF7J0T1X2', '/network-monitoring/v1/aps/{id}'],
    ['/devices/v1/devices/0f8fad5b-d9cb-469f-a165-70867728950e', '/devices/v1/devices/{id}'],
    ['/network-config/v1alpha1/wlan-ssids/Guest', '/network-config/v1alpha1/wlan-ssids/Guest'],
    // A server-chosen id as the report records it (one digit or ten: the same template).
    [
      '/network-config/v1alpha1/auth-profiles/{id#1}',
      '/network-config/v1alpha1/auth-profiles/{id}',
    ],
    [
      '/network-config/v1alpha1/auth-profiles/{id#12}',
      '/network-config/v1alpha1/auth-profiles/{id}',
    ],
  ])('%s → %s', (path, template) => {
    expect(endpointTemplate('GET', path)).toBe(`GET ${template}`);
  });
});

describe('diffRequests', () => {
  it('names the endpoint and the query parameter that changed, leaving token calls out', () => {
    const before = [token, get('/network-monitoring/v1/clients', { limit: '1000' })];
    const after = [
      token,
      ...Array.from({ length: 8 }, (_, i) =>
        get('/network-monitoring/v1/clients', {
          limit: '20',
          ...(i > 0 ? { next: String(i + 1) } : {}),
        }),
      ),
    ];
    const diffs = diffRequests(before, after);
    expect(diffs.map(describeEndpointDiff)).toEqual([
      'GET /network-monitoring/v1/clients ×1 → ×8 · limit 1000 → 20 · next — → 2, 3, 4, 5, 6, 7, 8',
    ]);
  });

  it('is empty when the calls are the same', () => {
    const calls = [get('/a/v1/x', { limit: '5' })];
    expect(diffRequests(calls, calls)).toEqual([]);
  });
});

/** The baseline's and the PR's alerts-001 runs made these requests. */
function withRequests(r: Report, requests: RunRequest[]): Report {
  const copy = structuredClone(r);
  for (const s of copy.scenarios)
    if (s.id === 'alerts-001')
      for (const res of s.results) for (const run of res.runs) run.requests = requests;
  return copy;
}

describe('the PR comment of an API-call regression', () => {
  it('says which endpoint and which parameter changed (the page-size regression)', () => {
    const before = withRequests(report(), [
      token,
      get('/network-monitoring/v1/clients', { limit: '1000' }),
    ]);
    const after = withRequests(report({ calls: 8 }), [
      token,
      ...Array.from({ length: 8 }, () => get('/network-monitoring/v1/clients', { limit: '20' })),
    ]);
    const verdict = compareToBaseline(after, base(before), DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('fail');
    const comment = renderComment(after, verdict);
    expect(comment).toContain('**What the regressed scenarios called**');
    expect(comment).toContain(
      '- alerts-001 (reference): GET /network-monitoring/v1/clients ×1 → ×8 · limit 1000 → 20',
    );
  });
});

describe('runRequests', () => {
  it('records query parameters with date-times as {time}, so reports stay byte-identical', () => {
    const [recorded] = runRequests([
      {
        seq: 1,
        method: 'GET',
        host: 'h',
        path: '/x',
        query: {
          limit: '20',
          'start-at': '2026-11-30T21:43:52Z',
          filter: ['t gt 2026-11-30T21:43:52.123+01:00'],
        },
        status: 200,
        kind: 'read',
        bodyDigest: null,
        atMs: 0,
        durationMs: 0,
      },
    ]);
    expect(recorded?.query).toEqual({ limit: '20', 'start-at': '{time}', filter: ['t gt {time}'] });
  });
});
