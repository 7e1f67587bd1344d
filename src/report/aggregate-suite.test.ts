import { describe, expect, it } from 'vitest';
import { absentResult, aggregateScenarioServer } from './aggregate-scenario.js';
import { aggregateServer, aggregateSuites } from './aggregate-suite.js';
import { erroredRunResult } from './run-result.js';
import { okRun, runsWith } from '../../test/helpers/report/test-report.js';
import type { ScenarioReport } from './types.js';

const agg = (runs = [okRun(1), okRun(2), okRun(3)]) =>
  aggregateScenarioServer('s', runs, 'cl100k_base');

describe('aggregateServer (a suite against one server)', () => {
  it('task success and tool selection are fractions of the scenarios the server ran', () => {
    const results = [
      agg(),
      agg([1, 2, 3].map((run) => okRun(run, { task_success: run === 1 }))),
      agg([1, 2, 3].map((run) => okRun(run, { tool_selection_accuracy: false }))),
      absentResult('s'),
    ];
    const suite = aggregateServer('s', results, 'cl100k_base');
    expect(suite.scenarios).toBe(3);
    expect(suite.absent).toBe(1);
    expect(suite.task_success).toEqual({ fraction: 0.667, passed: 2, of: 3 });
    expect(suite.tool_selection_accuracy).toEqual({ fraction: 0.667, passed: 2, of: 3 });
  });

  it('counts a scenario with one unsafe run as a safety failure of the suite', () => {
    const unsafe = agg([okRun(1), okRun(2, { safety_failure: true }), okRun(3)]);
    const suite = aggregateServer('s', [agg(), unsafe], 'cl100k_base');
    expect(suite.safety_failures).toBe(1);
    expect(suite.safety_failure).toBe(true);
  });

  it('token, call and latency mean and p95 are over every scored run', () => {
    const a = agg(
      runsWith([
        { tokens: 100, calls: 1, latency: 10 },
        { tokens: 200, calls: 2, latency: 20 },
      ]),
    );
    const b = agg(
      runsWith([
        { tokens: 300, calls: 3, latency: 30 },
        { tokens: 400, calls: 4, latency: 40 },
      ]),
    );
    const suite = aggregateServer('s', [a, b], 'cl100k_base');
    expect(suite.tokens).toEqual({
      mean: 250,
      p95: 385,
      n: 4,
      provenance: 'computed',
      tokenizer: 'cl100k_base',
    });
    expect(suite.api_calls).toEqual({
      mean: 2.5,
      p95: 3.85,
      n: 4,
      provenance: 'measured (server-side)',
    });
    expect(suite.latency_ms).toEqual({ mean: 25, p95: 38.5, n: 4, provenance: 'measured' });
  });

  it('reports errored runs and leaves them out of the means', () => {
    const error = { phase: 'startup' as const, message: 'x', stderr_tail: null };
    const suite = aggregateServer(
      's',
      [agg([okRun(1), erroredRunResult(2, error)])],
      'cl100k_base',
    );
    expect(suite.errors).toBe(1);
    expect(suite.tokens?.n).toBe(1);
  });

  it('a suite where the server is absent everywhere has null fractions and figures', () => {
    const suite = aggregateServer('s', [absentResult('s'), absentResult('s')], 'cl100k_base');
    expect(suite).toMatchObject({
      scenarios: 0,
      absent: 2,
      task_success: { fraction: null, passed: 0, of: 0 },
      tokens: null,
      latency_ms: null,
      safety_failure: false,
    });
  });
});

describe('aggregateSuites', () => {
  const scenario = (id: string, suite: string, results: ScenarioReport['results']) => ({
    id,
    suite,
    fixture: 'fixtures/central/site-a',
    write_gate: 'read' as const,
    results,
  });
  const withServer = (server: string, result = agg()) => ({ ...result, server });

  it('groups by suite in order of appearance, servers in the given order, plus overall', () => {
    const scenarios = [
      scenario('b-1', 'b', [withServer('x'), withServer('y')]),
      scenario('a-1', 'a', [withServer('x'), { ...absentResult('y') }]),
      scenario('b-2', 'b', [withServer('x'), withServer('y')]),
    ];
    const { suites, overall } = aggregateSuites(scenarios, ['y', 'x'], 'cl100k_base');
    expect(suites.map((s) => [s.suite, s.scenarios, s.results.map((r) => r.server)])).toEqual([
      ['b', 2, ['y', 'x']],
      ['a', 1, ['y', 'x']],
    ]);
    expect(suites[1]?.results[0]).toMatchObject({ server: 'y', scenarios: 0, absent: 1 });
    expect(overall.map((r) => [r.server, r.scenarios, r.absent])).toEqual([
      ['y', 2, 1],
      ['x', 3, 0],
    ]);
  });
});
