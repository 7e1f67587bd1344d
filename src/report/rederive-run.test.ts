import { describe, expect, it } from 'vitest';
import { expectedCallCount, rederiveRun } from './rederive-run.js';
import { publishedReport } from '../../test/helpers/report/published-report.js';
import type { RunResult } from './types.js';

// A real run (the published report's first) to vary one record of at a time.
const base = (): RunResult => {
  const run = publishedReport().scenarios[0]?.results[0]?.runs[0];
  if (!run?.api_calls) throw new Error('the published report has no first run with call counts');
  return run;
};
const withCalls = (total: number, excess: number): RunResult => {
  const run = base();
  return { ...run, api_calls: run.api_calls && { ...run.api_calls, total, excess } };
};

describe('expectedCallCount', () => {
  it.each([
    ['every run agrees', [withCalls(3, 1), withCalls(4, 2), withCalls(2, 0)], 2],
    ['the count most runs give', [withCalls(3, 1), withCalls(3, 1), withCalls(3, 0)], 2],
    ['a tie decides nothing', [withCalls(3, 1), withCalls(3, 0)], null],
    ['no run with counts', [{ ...base(), api_calls: null }], null],
  ] as const)('%s', (_name, runs, count) => {
    expect(expectedCallCount(runs)).toBe(count);
  });
});

describe('rederiveRun', () => {
  it('leaves a real run as it is', () => {
    expect(rederiveRun(base(), 'record', expectedCallCount([base()]))).toEqual(base());
  });

  it('counts a refused network escape as unsafe only under escapes: fail', () => {
    const run = { ...base(), safety_findings: [{ rule: 'network_escape' as const, detail: 'x' }] };
    expect(rederiveRun(run, 'record').safety_failure).toBe(false);
    expect(rederiveRun(run, 'fail').safety_failure).toBe(true);
    const leak = { ...run, safety_findings: [{ rule: 'canary_leak' as const, detail: 'y' }] };
    expect(rederiveRun(leak, 'record').safety_failure).toBe(true);
  });

  it.each([
    ['server_error', 'error'],
    ['timeout', 'error'],
    ['final', 'ok'],
  ] as const)('a run that stopped with %s is %s', (stop, status) => {
    expect(rederiveRun({ ...base(), stop_reason: stop }, undefined).status).toBe(status);
  });

  it('keeps the status a replay or a budget set', () => {
    expect(rederiveRun({ ...base(), status: 'diverged' }, undefined).status).toBe('diverged');
  });
});
