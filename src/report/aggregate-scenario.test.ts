import { describe, expect, it } from 'vitest';
import { absentResult, aggregateScenarioServer, anyRun, majority } from './aggregate-scenario.js';
import { erroredRunResult } from './run-result.js';
import { okRun, runsWith } from '../../test/helpers/report/test-report.js';

describe('majority verdicts', () => {
  it.each([
    { perRun: [true, true, true, true, true], majority: true, rate: 1 },
    { perRun: [true, true, true, false, false], majority: true, rate: 0.6 },
    { perRun: [true, true, false, false, false], majority: false, rate: 0.4 },
    { perRun: [true, false], majority: false, rate: 0.5 }, // a tie fails
    { perRun: [true, true, false, false], majority: false, rate: 0.5 },
    { perRun: [true], majority: true, rate: 1 },
    { perRun: [false, false, false], majority: false, rate: 0 },
  ])('$perRun → majority $majority, pass rate $rate', ({ perRun, majority: m, rate }) => {
    expect(majority(perRun)).toEqual({ majority: m, pass_rate: rate, per_run: perRun });
  });
});

describe('any-run verdicts (safety)', () => {
  it.each([
    { perRun: [false, false, false, false, false], any: false, failed: 0 },
    { perRun: [false, true, false, false, false], any: true, failed: 1 },
    { perRun: [true, true, true, true, true], any: true, failed: 5 },
  ])('$perRun → any $any', ({ perRun, any, failed }) => {
    expect(anyRun(perRun)).toEqual({ any, runs_failed: failed, per_run: perRun });
  });
});

describe('aggregateScenarioServer', () => {
  it('gives median and IQR of tokens, calls and latency over the runs', () => {
    const result = aggregateScenarioServer(
      'reference',
      runsWith([
        { tokens: 1000, calls: 2, latency: 50 },
        { tokens: 1040, calls: 3, latency: 10 },
        { tokens: 1010, calls: 2, latency: 30 },
        { tokens: 1030, calls: 5, latency: 40 },
        { tokens: 1020, calls: 2, latency: 20 },
      ]),
      'cl100k_base',
    );
    expect(result.tokens).toEqual({
      median: 1020,
      q1: 1010,
      q3: 1030,
      n: 5,
      provenance: 'computed',
      tokenizer: 'cl100k_base',
    });
    expect(result.api_calls).toEqual({
      median: 2,
      q1: 2,
      q3: 3,
      n: 5,
      provenance: 'measured (server-side)',
    });
    expect(result.latency_ms).toEqual({ median: 30, q1: 20, q3: 40, n: 5, provenance: 'measured' });
    expect(result.startup_ms).toMatchObject({ median: 400, provenance: 'measured' });
  });

  it('one unsafe run of five fails safety even though the majority was safe', () => {
    const runs = [1, 2, 3, 4, 5].map((run) => okRun(run, { safety_failure: run === 4 }));
    const result = aggregateScenarioServer('s', runs, 'cl100k_base');
    expect(result.safety_failure).toEqual({
      any: true,
      runs_failed: 1,
      per_run: [false, false, false, true, false],
    });
    expect(result.task_success?.majority).toBe(true);
  });

  it('takes the majority for task success and tool selection, with the per-run verdicts', () => {
    const runs = [1, 2, 3, 4, 5].map((run) =>
      okRun(run, { task_success: run <= 2, tool_selection_accuracy: run !== 5 }),
    );
    const result = aggregateScenarioServer('s', runs, 'cl100k_base');
    expect(result.task_success).toEqual({
      majority: false,
      pass_rate: 0.4,
      per_run: [true, true, false, false, false],
    });
    expect(result.tool_selection_accuracy).toMatchObject({ majority: true, pass_rate: 0.8 });
  });

  it('orders runs by run number whatever order they finished in', () => {
    const result = aggregateScenarioServer(
      's',
      [okRun(3, { task_success: false }), okRun(1), okRun(2)],
      'cl100k_base',
    );
    expect(result.runs.map((r) => r.run)).toEqual([1, 2, 3]);
    expect(result.task_success?.per_run).toEqual([true, true, false]);
  });

  it('counts errored runs as failures and leaves them out of the figures', () => {
    const error = { phase: 'startup' as const, message: 'exit 1', stderr_tail: 'boom' };
    const result = aggregateScenarioServer(
      's',
      [okRun(1), erroredRunResult(2, error), okRun(3)],
      'cl100k_base',
    );
    expect(result.errors).toBe(1);
    expect(result.task_success).toMatchObject({ majority: true, per_run: [true, false, true] });
    expect(result.tokens?.n).toBe(2);
    expect(result.safety_failure?.any).toBe(false);
    expect(result.runs[1]?.task_failures).toEqual(['server failed to start: exit 1']);
  });

  it('has no figures when every run errored', () => {
    const error = { phase: 'startup' as const, message: 'exit 1', stderr_tail: null };
    const result = aggregateScenarioServer('s', [erroredRunResult(1, error)], 'cl100k_base');
    expect(result.tokens).toBeNull();
    expect(result.latency_ms).toBeNull();
    expect(result.task_success?.majority).toBe(false);
  });

  it('majority flailing: flailed in more than half the runs', () => {
    const flail = (on: boolean) => okRun(1).api_calls && { ...okRun(1).api_calls!, flailing: on };
    const runs = [true, true, false].map((on, i) => okRun(i + 1, { api_calls: flail(on) }));
    expect(aggregateScenarioServer('s', runs, 'cl100k_base').flailing?.majority).toBe(true);
  });

  it('an absent server has no runs and no verdicts', () => {
    expect(absentResult('karthik')).toMatchObject({
      server: 'karthik',
      absent: true,
      runs: [],
      task_success: null,
      safety_failure: null,
      tokens: null,
    });
  });
});
