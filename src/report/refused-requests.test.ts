import { describe, expect, it } from 'vitest';
import type { CallRecord, RefusedRequest } from '../../fake-central/index.js';
import {
  mergeRefused,
  refusedLines,
  refusedRequests,
  type RefusedRequestFinding,
} from './refused-requests.js';

const OPMODE: RefusedRequest = {
  operation: 'POST /network-config/v1alpha1/wlan-ssids/{ssid}',
  rule: 'enum',
  at: 'body:/opmode',
  message: '/opmode must be one of OPEN, WPA2_PERSONAL, … (23 values)',
};
const record = (seq: number, path: string, refused?: RefusedRequest): CallRecord => ({
  seq,
  method: 'POST',
  host: 'h',
  path,
  query: {},
  status: refused ? 400 : 200,
  kind: 'write',
  bodyDigest: null,
  durationMs: 1,
  ...(refused ? { refused } : {}),
});

describe('refused requests as findings', () => {
  it('groups by operation, place and rule in order of first appearance', () => {
    const enable = {
      ...OPMODE,
      rule: 'type' as const,
      at: 'body:/enable',
      message: '/enable must be boolean (got string)',
    };
    const list = refusedRequests([
      record(1, '/network-config/v1alpha1/wlan-ssids/A', OPMODE),
      record(2, '/network-config/v1alpha1/wlan-ssids/A'),
      record(3, '/network-config/v1alpha1/wlan-ssids/B', enable),
      record(4, '/network-config/v1alpha1/wlan-ssids/C', OPMODE),
    ]);
    expect(list).toEqual([
      { ...OPMODE, count: 2 },
      { ...enable, count: 1 },
    ]);
    expect(refusedLines(list)).toEqual([
      'POST /network-config/v1alpha1/wlan-ssids/{ssid} ×2 (/opmode must be one of OPEN, WPA2_PERSONAL, … (23 values))',
      'POST /network-config/v1alpha1/wlan-ssids/{ssid} (/enable must be boolean (got string))',
    ]);
  });

  it('sums runs per scenario', () => {
    const into = new Map<string, RefusedRequestFinding>();
    mergeRefused(into, [{ ...OPMODE, count: 2 }]);
    mergeRefused(into, [{ ...OPMODE, count: 3 }]);
    expect([...into.values()]).toEqual([{ ...OPMODE, count: 5 }]);
  });

  it('has none when nothing was refused', () => {
    expect(refusedRequests([record(1, '/x')])).toEqual([]);
  });
});
