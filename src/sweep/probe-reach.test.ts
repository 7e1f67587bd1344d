import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../fake-central/index.js';
import { sweptTool } from '../../test/helpers/sweep/tool-result.js';
import { errorProbeWorthy, unvaluedResult } from './probe-reach.js';

const SSID = '/network-config/v1alpha1/wlan-ssids/Corp-Secure';
const call = (status: number) => ({ method: 'GET', path: SSID, query: [], status });
const record = (seq: number, status: number, fault?: string): CallRecord => ({
  seq,
  method: 'GET',
  host: 'fake',
  path: SSID,
  query: {},
  status,
  kind: 'read',
  bodyDigest: null,
  durationMs: 1,
  ...(fault === undefined ? {} : { fault }),
});
const PLAIN = `sha256:${'a'.repeat(64)}`;
const noData = sweptTool({ outcome: 'no-data', calls: [call(200)], digest: PLAIN });

describe('errorProbeWorthy', () => {
  it('an ok tool, and a no-data or empty one whose every API call got a 2xx', () => {
    expect(errorProbeWorthy(sweptTool())).toBe(true);
    expect(errorProbeWorthy(noData)).toBe(true);
    expect(errorProbeWorthy(sweptTool({ outcome: 'empty', calls: [call(200)] }))).toBe(true);
  });

  it('not one that made no API call, got an error status, or failed', () => {
    expect(errorProbeWorthy(sweptTool({ outcome: 'no-data', calls: [] }))).toBe(false);
    expect(errorProbeWorthy(sweptTool({ outcome: 'no-data', calls: [call(200), call(404)] }))).toBe(
      false,
    );
    expect(errorProbeWorthy(sweptTool({ outcome: 'error', calls: [call(200)] }))).toBe(false);
    expect(errorProbeWorthy(sweptTool({ outcome: 'unstable', calls: [call(200)] }))).toBe(false);
  });
});

describe('unvaluedResult', () => {
  it('the plain answer again after a successful retry recovered', () => {
    const retried = [
      record(1, 500, 'server_error'),
      record(2, 500, 'server_error'),
      record(3, 200),
    ];
    expect(unvaluedResult(noData, PLAIN, retried)).toBe('recovered');
  });

  it('another answer (`{}` for the profile) swallowed the failure', () => {
    expect(
      unvaluedResult(noData, `sha256:${'b'.repeat(64)}`, [record(1, 403, 'client_error')]),
    ).toBe('swallowed');
  });

  it('the same answer without a later success swallowed it too: `[]` whether the API failed or not', () => {
    expect(unvaluedResult(noData, PLAIN, [record(1, 403, 'client_error')])).toBe('swallowed');
  });

  it('a fault on a request the answer did not need, the plain answer after: recovered', () => {
    // karthik: a background sites-health poll took the 403, the tool's own request succeeded.
    const other = {
      ...record(1, 403, 'client_error'),
      path: '/network-monitoring/v1/sites-health',
    };
    expect(unvaluedResult(noData, PLAIN, [other, record(2, 200)])).toBe('recovered');
  });
});
