import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTempBundle } from '../../test/helpers/temp-bundle.js';
import { dispatch } from '../dispatch.js';
import { loadBundle, type Bundle } from '../fixture-store.js';
import { Router, type HandlerOptions, type Route } from '../router.js';
import { tokenFor } from '../routes/auth.js';
import { FakeState, type AsyncTask } from '../state.js';
import type { FakeRequest } from '../http-types.js';
import { FaultInjector } from './fault-injector.js';
import type { FaultPlan } from './fault-plan.js';
import { applyTaskFaults, pollFault } from './task-faults.js';

// A minimal task family built the way route authors use the seam: applyTaskFaults on create,
// pollFault on every poll answer.
const routes: Route[] = [
  {
    method: 'POST',
    pattern: '/network-troubleshooting/v1/aps/:sn/ping',
    kind: 'diagnostic',
    handler: (ctx) => {
      const task: AsyncTask = {
        id: String(ctx.state.next('task')),
        family: 'troubleshooting',
        basePath: ctx.req.rawPath,
        createdAt: ctx.state.now,
        polls: 0,
        runningPolls: ctx.options.asyncRunningPolls,
        outcome: 'succeeded',
        result: { ok: true },
        failReason: null,
      };
      applyTaskFaults(ctx, task);
      ctx.state.tasks.set(task.id, task);
      return { status: 202, body: { location: `${task.basePath}/async-operations/${task.id}` } };
    },
  },
  {
    method: 'GET',
    pattern: '/network-troubleshooting/v1/aps/:sn/ping/async-operations/:id',
    kind: 'poll',
    handler: ({ state, params }) => {
      const task = state.tasks.get(params.id ?? '') as AsyncTask;
      task.polls += 1;
      const running = task.polls <= task.runningPolls;
      const status = running ? 'RUNNING' : task.outcome === 'failed' ? 'FAILED' : 'COMPLETED';
      return {
        status: 200,
        body: { status, failReason: running ? null : task.failReason },
        fault: pollFault(task, running),
      };
    },
  },
];
const router = new Router(routes);
const options: HandlerOptions = { validation: 'lenient', asyncRunningPolls: 1 };

let bundle: Bundle;
let cleanup: () => void;
beforeAll(() => {
  const temp = writeTempBundle({});
  cleanup = temp.cleanup;
  bundle = loadBundle(temp.dir);
});
afterAll(() => cleanup());

function request(state: FakeState, method: string, rawPath: string): FakeRequest {
  return {
    method,
    host: 'us5.api.central.arubanetworks.com',
    rawPath,
    query: new URLSearchParams(),
    headers: { authorization: `Bearer ${tokenFor(state, 'central')}` },
    body: Buffer.alloc(0),
  };
}

/** Creates one ping task and polls it `polls` times; returns [status, fault mark] per poll. */
async function run(plan: FaultPlan | null, sn = 'SN1', polls = 4) {
  const state = new FakeState(bundle);
  state.faults = plan ? new FaultInjector(plan) : null;
  const created = await dispatch(
    router,
    state,
    options,
    request(state, 'POST', `/network-troubleshooting/v1/aps/${sn}/ping`),
  );
  const location = (created.body as { location: string }).location;
  const answers: [string, string | undefined][] = [];
  for (let i = 0; i < polls; i++) {
    const polled = await dispatch(router, state, options, request(state, 'GET', location));
    answers.push([(polled.body as { status: string }).status, polled.fault]);
  }
  return answers;
}

describe('task faults', () => {
  it('leave tasks alone without a plan (the default RUNNING polls are not faults)', async () => {
    expect(await run(null)).toEqual([
      ['RUNNING', undefined],
      ['COMPLETED', undefined],
      ['COMPLETED', undefined],
      ['COMPLETED', undefined],
    ]);
  });

  it('keep a task RUNNING for N polls and mark those polls', async () => {
    expect(await run({ faults: [{ kind: 'task_running', polls: 3 }] })).toEqual([
      ['RUNNING', 'task_running'],
      ['RUNNING', 'task_running'],
      ['RUNNING', 'task_running'],
      ['COMPLETED', undefined],
    ]);
  });

  it('end a task FAILED with the reason and mark the FAILED polls', async () => {
    const answers = await run(
      { faults: [{ kind: 'task_failed', reason: 'Injected: unreachable' }] },
      'SN1',
      2,
    );
    expect(answers).toEqual([
      ['RUNNING', undefined],
      ['FAILED', 'task_failed'],
    ]);
  });

  it('apply only to matching create calls and families', async () => {
    const plan: FaultPlan = {
      faults: [
        { kind: 'task_failed', match: ['POST /network-troubleshooting/*/aps/SN2/ping'] },
        { kind: 'task_running', polls: 2, families: ['greenlake'] },
      ],
    };
    expect((await run(plan, 'SN1', 2)).map(([s]) => s)).toEqual(['RUNNING', 'COMPLETED']);
    expect((await run(plan, 'SN2', 2)).map(([s]) => s)).toEqual(['RUNNING', 'FAILED']);
  });
});
