import { describe, expect, it } from 'vitest';
import { okRun, sampleReport } from '../../test/helpers/report/test-report.js';
import type { RunCall } from '../../src/report/types.js';
import { plannedCallCounts } from './planned-call-rate.js';

const call = (outcome: RunCall['outcome']): RunCall => ({
  tool: 't',
  arguments: {},
  outcome,
  error: outcome === 'ok' ? null : 'x',
  result_chars: 1,
  via: null,
});

describe('plannedCallCounts', () => {
  it('counts call outcomes per server over every run, absent results left out', () => {
    const report = sampleReport();
    for (const scenario of report.scenarios) {
      for (const result of scenario.results) {
        result.runs = result.absent
          ? [okRun(1, { calls: [call('error')] })]
          : [
              okRun(1, { calls: [call('ok'), call('error')] }),
              okRun(2, { calls: [call('protocol_error'), call('not_executed')] }),
              okRun(3),
            ];
      }
    }
    const counts = plannedCallCounts([report]);
    const karthik = report.scenarios.filter((s) =>
      s.results.some((r) => r.server === 'karthik' && !r.absent),
    ).length;
    expect(counts.get('karthik')).toEqual({
      ok: karthik,
      error: karthik,
      protocol_error: karthik,
      not_executed: karthik,
    });
  });
});
