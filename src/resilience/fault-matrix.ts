import type { FaultPlan } from '../../fake-central/index.js';
import type { FaultExpectation } from '../report/resilience-types.js';

/** One column of the resilience matrix: a fault plan with its timing pinned. */
export interface MatrixFault {
  name: string;
  expectation: FaultExpectation;
  plan: FaultPlan;
}

/**
 * The resilience matrix: every fault kind the fake has, each with its timing pinned to call
 * counts (never to the clock), so the same server meets the same faults on the same calls in
 * every run. Every fault hits the scenario's first API calls, where no server can avoid it.
 */
export const RESILIENCE_FAULTS: readonly MatrixFault[] = [
  {
    name: 'rate_limit',
    expectation: 'recover',
    plan: {
      description: '429 with Retry-After: 1 on the first API call',
      faults: [{ kind: 'rate_limit', first: 1, retryAfter: 1 }],
    },
  },
  {
    name: 'server_error_burst',
    expectation: 'recover',
    plan: {
      description: 'a burst of two 503s on the first two API calls',
      faults: [{ kind: 'server_error', first: 2, status: 503 }],
    },
  },
  {
    name: 'short_page',
    expectation: 'recover',
    plan: {
      description:
        'the first list page comes back with half its items (count < limit, more remain)',
      faults: [{ kind: 'short_page', first: 1 }],
    },
  },
  {
    name: 'latency_spike',
    expectation: 'recover',
    plan: {
      description: '1.5 s of added latency on the first API call',
      faults: [{ kind: 'latency', first: 1, ms: 1500 }],
    },
  },
  {
    name: 'token_expiry',
    expectation: 'recover',
    plan: {
      description: 'the token is expired at the first API call (401, then a new token is issued)',
      faults: [{ kind: 'token_expiry', afterCalls: 0 }],
    },
  },
  {
    name: 'task_stuck_running',
    expectation: 'recover',
    plan: {
      description: 'async tasks answer RUNNING for 3 polls before finishing',
      faults: [{ kind: 'task_running', polls: 3 }],
    },
  },
  {
    name: 'task_failed',
    expectation: 'fail_cleanly',
    plan: {
      description: 'async tasks end FAILED',
      faults: [{ kind: 'task_failed', reason: 'Injected fault: the task failed' }],
    },
  },
  {
    name: 'client_error',
    expectation: 'fail_cleanly',
    plan: {
      description: 'a non-retryable 400 on the first API call',
      faults: [{ kind: 'client_error', first: 1, status: 400 }],
    },
  },
];
