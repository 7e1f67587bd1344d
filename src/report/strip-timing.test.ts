import { describe, expect, it } from 'vitest';
import { stripTiming } from './strip-timing.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';

describe('stripTiming', () => {
  it('removes timing keys at every depth and keeps everything else', () => {
    const input = {
      generated_at: 'x',
      duration_ms: 1,
      keep: 1,
      runs: [{ latency_ms: 3, startup_ms: 4, tokens: { total: 5 } }],
      nested: { durationMs: 2, latencyMs: 9, calls: [{ seq: 1, durationMs: 0.4, atMs: 12.5 }] },
      resilience: { cells: [{ recovery_calls: 1, recovery_ms: 1003.2 }] },
      environment: { node: 'v24.11.1', load_average: [3.5, 1, 0.5] },
    };
    expect(stripTiming(input)).toEqual({
      keep: 1,
      runs: [{ tokens: { total: 5 } }],
      nested: { calls: [{ seq: 1 }] },
      resilience: { cells: [{ recovery_calls: 1 }] },
      environment: { node: 'v24.11.1' },
    });
    expect(input.runs[0]).toHaveProperty('latency_ms', 3); // a copy: the input is untouched
  });

  it('makes reports that differ only in timing equal, and keeps other differences', () => {
    const a = sampleReport();
    const b = sampleReport();
    b.generated_at = '2030-01-01T00:00:00.000Z';
    b.duration_ms = 1;
    b.scenarios[0]!.results[0]!.runs[0]!.latency_ms = 999;
    b.overall[0]!.latency_ms = { mean: 1, p95: 2, n: 3, provenance: 'measured' };
    expect(JSON.stringify(stripTiming(b))).toBe(JSON.stringify(stripTiming(a)));
    b.scenarios[0]!.results[0]!.runs[0]!.tokens!.total = 1;
    expect(JSON.stringify(stripTiming(b))).not.toBe(JSON.stringify(stripTiming(a)));
  });
});
