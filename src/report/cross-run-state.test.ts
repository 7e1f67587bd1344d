import { describe, expect, it } from 'vitest';
import { crossRunState, describeCrossRunState } from './cross-run-state.js';
import { erroredRunResult } from './run-result.js';
import { okRun } from './test-helpers.js';

const noToken = {
  total: 2,
  auth_calls: 0,
  by_kind: { read: 2 },
  excess: 0,
  flailing: false,
  flailing_calls: [],
};
const cached = { ...noToken, total: 1, by_kind: { read: 1, auth: 1 }, auth_calls: 1 };

describe('crossRunState', () => {
  it('is null when no run met a reused process (isolation run)', () => {
    const runs = [1, 2].map((n) => ({ result: okRun(n), reused: false }));
    expect(crossRunState([{ scenario: 'a', runs }])).toBeNull();
  });

  it('finds nothing when reused runs equal the first apart from timing', () => {
    const runs = [
      { result: okRun(1, { latency_ms: 5, startup_ms: 900 }), reused: false },
      { result: okRun(2, { latency_ms: 9, startup_ms: 0 }), reused: true },
      { result: okRun(3, { latency_ms: 7, startup_ms: 0 }), reused: true },
    ];
    expect(crossRunState([{ scenario: 'a', runs }])).toEqual({ compared_runs: 2, differing: [] });
  });

  it.each([
    [
      'a cached token',
      { api_calls: noToken },
      ['api_calls.auth_calls', 'api_calls.by_kind.auth'],
      'it reuses a token fetched in an earlier run',
    ],
    [
      'a response cache',
      { api_calls: cached, tools_called: ['list_clients'], task_success: false },
      ['api_calls.by_kind.read', 'api_calls.total', 'task_success'],
      'it keeps state across runs',
    ],
  ])('names the fields that differ: %s', (_, over, fields, why) => {
    const runs = [
      { result: okRun(1), reused: false },
      { result: okRun(2, over), reused: true },
    ];
    const state = crossRunState([{ scenario: 'a', runs }]);
    expect(state).toEqual({ compared_runs: 1, differing: [{ scenario: 'a', run: 2, fields }] });
    expect(describeCrossRunState('srv', state ?? { compared_runs: 0, differing: [] })).toContain(
      why,
    );
  });

  it('skips errored runs and a scenario whose first run errored', () => {
    const error = { phase: 'run' as const, message: 'boom', stderr_tail: null };
    const state = crossRunState([
      {
        scenario: 'a',
        runs: [
          { result: erroredRunResult(1, error), reused: false },
          { result: okRun(2, { api_calls: noToken }), reused: true },
        ],
      },
      {
        scenario: 'b',
        runs: [
          { result: okRun(1), reused: false },
          { result: erroredRunResult(2, error), reused: true },
          { result: okRun(3), reused: false },
        ],
      },
    ]);
    expect(state).toEqual({ compared_runs: 0, differing: [] });
  });

  it('says nothing for a server without differences', () => {
    expect(describeCrossRunState('srv', { compared_runs: 4, differing: [] })).toBeNull();
  });
});
