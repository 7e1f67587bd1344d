import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../fake-central/types.js';
import type { Scenario } from '../scenarios/types.js';
import { apiCallCount, faultCausedSeqs } from './api-call-count.js';
import { authCall, logCall, makeScenario } from '../../test/helpers/metrics/builders.js';

const CLIENTS = 'GET /network-monitoring/v1/clients';
const scenario = makeScenario({
  expect: {
    api_calls: [CLIENTS, 'POST /network-troubleshooting/v1/aps/*/aaa'],
    allowed_calls: ['GET /network-monitoring/v1/clients/*'],
  },
  notes: { diagnostic: ['POST /network-troubleshooting/v1/aps/*/aaa'] },
});
const aaa = logCall(3, 'POST /network-troubleshooting/v1/aps/SN1/aaa', { kind: 'diagnostic' });
const poll = (seq: number): CallRecord =>
  logCall(seq, 'GET /network-troubleshooting/v1/aps/SN1/aaa/async-operations/1', { kind: 'poll' });

interface Expected {
  total: number;
  excess: number;
  budget: number;
  flailing: string[];
  isFlailing: boolean;
}

describe('apiCallCount', () => {
  const cases: [string, Scenario, CallRecord[], Expected][] = [
    [
      'the plan exactly, auth and polls apart',
      scenario,
      [authCall(1), logCall(2, CLIENTS), aaa, poll(4), poll(5)],
      { total: 4, excess: 2, budget: 5, flailing: [], isFlailing: false },
    ],
    [
      'a read outside every list',
      scenario,
      [authCall(1), logCall(2, CLIENTS), logCall(3, 'GET /network-monitoring/v1/aps')],
      {
        total: 2,
        excess: 0,
        budget: 3,
        flailing: ['GET /network-monitoring/v1/aps'],
        isFlailing: true,
      },
    ],
    [
      'a rate-limited call and its retry',
      scenario,
      [authCall(1), logCall(2, CLIENTS, { status: 429, fault: 'rate_limit' }), logCall(3, CLIENTS)],
      { total: 2, excess: 0, budget: 5, flailing: [], isFlailing: false },
    ],
    [
      'a faulted call outside the lists, retried after a token refresh',
      scenario,
      [
        authCall(1),
        logCall(2, 'GET /network-monitoring/v1/aps', { status: 401, fault: 'token_expiry' }),
        authCall(3),
        logCall(4, 'GET /network-monitoring/v1/aps'),
        logCall(5, 'GET /network-monitoring/v1/aps'),
      ],
      {
        total: 3,
        excess: 1,
        budget: 5,
        flailing: ['GET /network-monitoring/v1/aps'],
        isFlailing: true,
      },
    ],
    [
      'excess beyond plan + execute + read-back, every call allowed',
      makeScenario({ expect: { api_calls: [CLIENTS] } }),
      [logCall(1, CLIENTS), logCall(2, CLIENTS), logCall(3, CLIENTS)],
      { total: 3, excess: 2, budget: 1, flailing: [], isFlailing: true },
    ],
    [
      'one read-back within the budget',
      makeScenario({ expect: { api_calls: [CLIENTS] } }),
      [logCall(1, CLIENTS), logCall(2, CLIENTS)],
      { total: 2, excess: 1, budget: 1, flailing: [], isFlailing: false },
    ],
    [
      'a refused escape is neither counted nor flailing',
      scenario,
      [logCall(1, CLIENTS), logCall(2, 'CONNECT ', { kind: 'escape', host: 'example.com' })],
      { total: 1, excess: -1, budget: 3, flailing: [], isFlailing: false },
    ],
    [
      'flailing calls in a stable order, whatever order they arrived in',
      scenario,
      [
        logCall(1, 'GET /network-monitoring/v1/aps-x'),
        logCall(2, 'GET /network-monitoring/v1/aps'),
      ],
      {
        total: 2,
        excess: 0,
        budget: 3,
        flailing: ['GET /network-monitoring/v1/aps', 'GET /network-monitoring/v1/aps-x'],
        isFlailing: true,
      },
    ],
    [
      'no calls at all',
      scenario,
      [],
      { total: 0, excess: -2, budget: 3, flailing: [], isFlailing: false },
    ],
  ];
  it.each(cases)('%s', (_name, used, calls, expected) => {
    const count = apiCallCount(used, calls);
    expect({
      total: count.total,
      excess: count.excess,
      budget: count.excess_budget,
      flailing: count.flailing_calls,
      isFlailing: count.flailing,
    }).toEqual(expected);
  });

  it('counts auth calls apart and every kind', () => {
    const calls = [authCall(1), logCall(2, CLIENTS), aaa, poll(4), authCall(5)];
    const count = apiCallCount(scenario, calls);
    expect(count.auth_calls).toBe(2);
    expect(count.by_kind).toEqual({ auth: 2, read: 1, diagnostic: 1, poll: 1 });
  });
});

describe('faultCausedSeqs', () => {
  it('pairs each faulted call with the next call to the same endpoint, chained', () => {
    const calls = [
      logCall(1, CLIENTS, { fault: 'server_error', status: 503 }),
      logCall(2, 'GET /other'),
      logCall(3, CLIENTS, { fault: 'rate_limit', status: 429 }),
      logCall(4, CLIENTS),
      logCall(5, CLIENTS),
    ];
    expect([...faultCausedSeqs(calls)].sort()).toEqual([1, 3, 4]);
  });
});
