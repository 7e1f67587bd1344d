import { describe, expect, it } from 'vitest';
import {
  crossRunState,
  describeCrossRunState,
  describeTokenReuse,
  splitCrossRun,
} from './cross-run-state.js';
import { erroredRunResult } from './run-result.js';
import { okRun } from '../../test/helpers/report/test-report.js';
import type { RunCall } from './types.js';

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

  it('counts a cached token apart: a note, not a warning', () => {
    const runs = [
      { result: okRun(1), reused: false },
      { result: okRun(2, { api_calls: noToken }), reused: true },
    ];
    const state = crossRunState([{ scenario: 'a', runs }]);
    expect(state).toEqual({
      compared_runs: 1,
      differing: [
        { scenario: 'a', run: 2, fields: ['api_calls.auth_calls', 'api_calls.by_kind.auth'] },
      ],
    });
    if (!state) throw new Error('no state');
    expect(describeCrossRunState('srv', state)).toBeNull();
    expect(describeTokenReuse('srv', state)).toBe(
      "srv: 1 of 1 runs on a reused process skipped the token request of their scenario's first run (it kept its token): expected, not a finding.",
    );
  });

  it('compares what each call requested, not where its requests sit in the log', () => {
    const token = { method: 'POST', host: 'sso', path: '/as/token.oauth2', status: 200 };
    const read = (path: string) => ({ method: 'GET', host: 'api', path, status: 200 });
    const call = (first: number, count: number): RunCall => ({
      tool: 'list_aps',
      arguments: {},
      outcome: 'ok',
      error: null,
      result_chars: 10,
      via: null,
      request_span: { first, count },
    });
    const first = okRun(1, {
      calls: [call(0, 2)],
      requests: [
        { ...token, kind: 'auth' },
        { ...read('/aps'), kind: 'read' },
      ],
    });
    const reused = (path: string) =>
      okRun(2, {
        api_calls: noToken,
        calls: [call(0, 1)],
        requests: [{ ...read(path), kind: 'read' }],
      });
    const same = crossRunState([
      {
        scenario: 'a',
        runs: [
          { result: first, reused: false },
          { result: reused('/aps'), reused: true },
        ],
      },
    ]);
    expect(same?.differing.map((d) => d.fields)).toEqual([
      ['api_calls.auth_calls', 'api_calls.by_kind.auth'],
    ]);
    const other = crossRunState([
      {
        scenario: 'a',
        runs: [
          { result: first, reused: false },
          { result: reused('/cached'), reused: true },
        ],
      },
    ]);
    expect(other?.differing[0]?.fields).toContain('calls');
  });

  it('warns about state beyond the token and lists only its fields, the token runs counted apart', () => {
    const pair = (scenario: string, over: Parameters<typeof okRun>[1]) => ({
      scenario,
      runs: [
        { result: okRun(1), reused: false },
        { result: okRun(2, { api_calls: noToken }), reused: true },
        { result: okRun(3, over), reused: true },
      ],
    });
    const state = crossRunState([
      pair('a', { api_calls: noToken }),
      pair('b', { api_calls: cached, tools_called: ['list_clients'], task_success: false }),
    ]);
    if (!state) throw new Error('no state');
    expect(splitCrossRun(state).authOnly).toBe(3);
    expect(describeCrossRunState('srv', state)).toBe(
      "srv: 1 of 4 runs on a reused process differ from their scenario's first run (api_calls.by_kind.read, api_calls.total, task_success; b): it keeps state across runs; run with --isolation run for fresh-process figures.",
    );
    expect(describeTokenReuse('srv', state)).toContain('srv: 3 of 4 runs');
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
