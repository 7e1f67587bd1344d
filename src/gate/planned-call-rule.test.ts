import { describe, expect, it } from 'vitest';
import { compareToBaseline } from './compare-to-baseline.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';
import type { Report } from '../report/types.js';

/** The same report with every run's first call (list_alerts) answering `Unknown tool`. */
function firstCallBroken(r: Report): Report {
  return {
    ...r,
    scenarios: r.scenarios.map((s) => ({
      ...s,
      results: s.results.map((x) => ({
        ...x,
        runs: x.runs.map((run) => ({
          ...run,
          calls: (run.calls ?? []).map((c, i) =>
            i === 0
              ? { ...c, outcome: 'protocol_error' as const, error: 'Unknown tool: list_alerts' }
              : c,
          ),
        })),
      })),
    })),
  };
}

describe('planned-call', () => {
  it('fails a scenario whose call fails where the baseline’s succeeded, though it still passes', () => {
    const pr = firstCallBroken(report({ toolErrors: 0 }));
    const verdict = compareToBaseline(pr, base(report({ toolErrors: 0 })), DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toEqual([
      'reference scenario:alerts-001: planned_call 0 → 1 (any call that fails where the baseline’s succeeded fails)',
      'reference scenario:alerts-002: planned_call 0 → 1 (any call that fails where the baseline’s succeeded fails)',
    ]);
    expect(verdict.toolRegressions?.[0]).toMatchObject({
      tool: 'list_alerts',
      scenarios: ['alerts-001', 'alerts-002'],
      answer: 'Unknown tool: list_alerts',
    });
  });

  it('passes the same calls, and a call that failed in the baseline too', () => {
    const same = report({ toolErrors: 1 });
    expect(
      compareToBaseline(same, base(report({ toolErrors: 1 })), DEFAULT_THRESHOLDS).status,
    ).toBe('pass');
    const broken = firstCallBroken(report({ toolErrors: 0 }));
    expect(compareToBaseline(broken, base(broken), DEFAULT_THRESHOLDS).status).toBe('pass');
  });
});
