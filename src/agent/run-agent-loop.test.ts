import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { makeScenario } from '../../test/helpers/metrics/builders.js';
import { runAgentLoop } from './run-agent-loop.js';
import { createScriptedPolicy } from './scripted-policy.js';
import { hang, stubSession, text } from '../../test/helpers/agent/test-session.js';
import type { Policy, PolicyContext, PolicyStep } from './types.js';

const scenario = makeScenario({
  plans: {
    ref: [
      { tool: 'list_clients', arguments: { site: 'SFO' } },
      { tool: 'update_wlan', arguments: { ssid: 'Guest' } },
    ],
  },
  expect: { facts: { apName: 'SFO-AP-02', vlan: 20 } },
});

/** A policy that plays back fixed steps and keeps every context it was shown. */
function playback(steps: (PolicyStep | Error)[]): Policy & { seen: PolicyContext[] } {
  const seen: PolicyContext[] = [];
  return {
    info: { name: 'replay' },
    seen,
    next(context) {
      seen.push(context);
      const step = steps[context.turn] ?? steps.at(-1);
      return step instanceof Error ? Promise.reject(step) : Promise.resolve(step as PolicyStep);
    },
  };
}

const base = { scenario, server: 'ref', run: 1 };
const callStep = (...names: string[]): PolicyStep => ({
  type: 'tool_calls',
  calls: names.map((name) => ({ name, arguments: {} })),
});

describe('runAgentLoop with the scripted policy', () => {
  it('stops with failed_lookup when a step cannot take its argument from the lookup', async () => {
    const lookup = makeScenario({
      plans: {
        ref: [
          { tool: 'list_clients', arguments: {} },
          { tool: 'get_client', arguments: { mac: { $from: 'list_clients', path: '[0].mac' } } },
        ],
      },
      expect: { facts: { answer: 'No clients' } },
    });
    const session = stubSession({ list_clients: () => text('No clients found') });
    const trajectory = await runAgentLoop({
      ...base,
      scenario: lookup,
      session,
      policy: createScriptedPolicy(),
    });
    expect(session.requests.map((r) => r.name)).toEqual(['list_clients']);
    expect(trajectory.stopReason).toBe('failed_lookup');
    expect(trajectory.error?.message).toBe(
      'step 2 (get_client) takes mac from step 1 (list_clients) at [0].mac, whose result is not JSON: "No clients found"',
    );
    expect(trajectory.answer?.json).toEqual({ answer: 'No clients' });
  });

  it('runs the plan one call per turn, records results, elicitations and timing, and answers', async () => {
    const session = stubSession({
      list_clients: async () => {
        await sleep(30);
        return text('[{"name":"jsmith-laptop","apName":"SFO-AP-02"}]');
      },
      update_wlan: (_args, elicit) => {
        elicit('Change Guest?', 'accept');
        return { content: [], structuredContent: { vlan: 20 }, isError: false };
      },
    });
    let seq = 0;
    const trajectory = await runAgentLoop({
      ...base,
      session,
      policy: createScriptedPolicy(),
      callLogSeq: () => (seq += 2),
    });

    expect(session.requests).toEqual([
      { name: 'list_clients', arguments: { site: 'SFO' } },
      { name: 'update_wlan', arguments: { ssid: 'Guest' } },
    ]);
    expect(trajectory.stopReason).toBe('final');
    expect(trajectory.error).toBeUndefined();
    expect(trajectory.turns).toEqual([
      { index: 0, callIndexes: [0], text: '' },
      { index: 1, callIndexes: [1], text: '' },
      { index: 2, callIndexes: [], text: 'Found apName: SFO-AP-02; vlan: 20.' },
    ]);
    expect(trajectory.answer?.json).toEqual({ apName: 'SFO-AP-02', vlan: 20 });
    const [first, second] = trajectory.calls;
    expect(first).toMatchObject({
      index: 0,
      turn: 0,
      name: 'list_clients',
      resultText: '[{"name":"jsmith-laptop","apName":"SFO-AP-02"}]',
      elicitations: [],
      logSeq: { after: 2, through: 4 },
    });
    expect(first?.durationMs).toBeGreaterThanOrEqual(25);
    expect(second).toMatchObject({
      resultText: '{"vlan":20}',
      elicitations: [{ callIndex: 1, message: 'Change Guest?', action: 'accept' }],
      logSeq: { after: 6, through: 8 },
    });
    expect(second?.startedAtMs).toBeGreaterThanOrEqual(first?.durationMs ?? Infinity);
    expect(trajectory.latencyMs).toBeGreaterThanOrEqual(25);
    expect(trajectory.startupMs).toBe(12);
    expect(trajectory.tools.map((tool) => tool.name)).toEqual(['list_clients', 'update_wlan']);
  });
});

describe('runAgentLoop stops', () => {
  it('at the turn limit', async () => {
    const session = stubSession({ ping: () => text('pong') });
    const trajectory = await runAgentLoop({
      ...base,
      session,
      policy: playback([callStep('ping')]),
      maxTurns: 3,
    });
    expect(trajectory.stopReason).toBe('turn_limit');
    expect(trajectory.turns).toHaveLength(3);
    expect(trajectory.calls).toHaveLength(3);
    expect(trajectory.answer).toBeNull();
    expect(trajectory.error?.message).toBe('no final answer after 3 turns (the turn limit)');
  });

  it('at the deadline when a call hangs, with the stderr tail', async () => {
    const session = stubSession({ slow: hang }, { stderr: 'still thinking' });
    const started = performance.now();
    const trajectory = await runAgentLoop({
      ...base,
      session,
      policy: playback([callStep('slow', 'slow')]),
      deadlineMs: 100,
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(trajectory.stopReason).toBe('timeout');
    expect(trajectory.error).toEqual({
      message: 'the scenario deadline of 100 ms passed during call #0 (slow)',
      stderrTail: 'still thinking',
    });
    expect(trajectory.calls.map((call) => call.outcome.protocolError)).toEqual([
      'timed out: the scenario deadline passed during this call',
      'not executed: the run had stopped',
    ]);
    expect(session.requests).toHaveLength(1);
    expect(trajectory.latencyMs).toBeGreaterThanOrEqual(95);
  });

  it('not at once when the deadline is beyond what a timer can hold', async () => {
    const policy = playback([callStep('ping'), { type: 'final', answer: { text: '', json: {} } }]);
    const trajectory = await runAgentLoop({
      ...base,
      session: stubSession({ ping: async () => (await sleep(20), text('pong')) }),
      policy,
      deadlineMs: Infinity,
    });
    expect(trajectory.stopReason).toBe('final');
  });

  it('at the deadline when the policy hangs', async () => {
    const session = stubSession({});
    const stuck: Policy = { info: { name: 'llm' }, next: () => new Promise(() => undefined) };
    const trajectory = await runAgentLoop({ ...base, session, policy: stuck, deadlineMs: 50 });
    expect(trajectory.stopReason).toBe('timeout');
    expect(trajectory.error?.message).toBe('the scenario deadline of 50 ms passed in turn 0');
  });

  it('when the session reports that a call timed out', async () => {
    const session = stubSession({
      slow: () => ({
        content: [],
        isError: true,
        protocolError: 'MCP error -32001: Request timed out',
      }),
    });
    const trajectory = await runAgentLoop({
      ...base,
      session,
      policy: playback([callStep('slow')]),
    });
    expect(trajectory.stopReason).toBe('timeout');
    expect(trajectory.error?.message).toBe(
      'call #0 (slow) timed out: MCP error -32001: Request timed out',
    );
  });

  it('when the server dies, marking the rest of the turn as not executed', async () => {
    const session = stubSession(
      {
        crash: () => ({
          content: [],
          isError: true,
          protocolError: 'MCP error -32000: Connection closed',
        }),
        next: () => text('never'),
      },
      { stderr: 'Traceback: boom' },
    );
    const trajectory = await runAgentLoop({
      ...base,
      session,
      policy: playback([callStep('crash', 'next')]),
    });
    expect(trajectory.stopReason).toBe('server_error');
    expect(trajectory.error).toEqual({
      message: 'the server failed during call #0 (crash): MCP error -32000: Connection closed',
      stderrTail: 'Traceback: boom',
    });
    expect(trajectory.calls.map((call) => call.name)).toEqual(['crash', 'next']);
    expect(trajectory.calls[1]?.outcome.protocolError).toBe('not executed: the run had stopped');
    expect(session.requests.map((request) => request.name)).toEqual(['crash']);
  });

  it('when the session throws (it promised not to)', async () => {
    const session = stubSession({
      bad: () => {
        throw new Error('EPIPE');
      },
    });
    const trajectory = await runAgentLoop({
      ...base,
      session,
      policy: playback([callStep('bad')]),
    });
    expect(trajectory.stopReason).toBe('server_error');
    expect(trajectory.error?.message).toContain('the MCP session threw: EPIPE');
  });

  it.each([
    ['throws', new Error('model unavailable'), 'policy replay failed in turn 0: model unavailable'],
    [
      'asks for a nameless call',
      { type: 'tool_calls', calls: [{ name: '', arguments: {} }] },
      'policy replay failed in turn 0: calls[0] needs a non-empty name',
    ],
    [
      'answers without JSON',
      { type: 'final', answer: { text: 'done' } },
      'policy replay failed in turn 0: a final step needs answer: { text: string, json: object }',
    ],
  ])('when the policy %s', async (_name, step, message) => {
    const session = stubSession({});
    const trajectory = await runAgentLoop({
      ...base,
      session,
      policy: playback([step as PolicyStep | Error]),
    });
    expect(trajectory.stopReason).toBe('policy_error');
    expect(trajectory.error).toEqual({ message });
    expect(trajectory.calls).toEqual([]);
  });
});

describe('runAgentLoop feeds results back', () => {
  it('goes on after an error a live server answered, and shows it to the policy', async () => {
    const session = stubSession({ real: () => text('ok') });
    const policy = playback([
      callStep('imaginary'),
      callStep('real'),
      {
        type: 'final',
        answer: { text: 'done', json: {} },
        usage: { inputTokens: 9, outputTokens: 1 },
      },
    ]);
    const trajectory = await runAgentLoop({ ...base, session, policy });
    expect(trajectory.stopReason).toBe('final');
    expect(trajectory.calls[0]?.resultText).toBe(
      'Error: MCP error -32602: Tool imaginary not found',
    );
    expect(policy.seen[1]?.calls.map((call) => call.resultText)).toEqual([
      'Error: MCP error -32602: Tool imaginary not found',
    ]);
    expect(policy.seen[2]?.turns.map((turn) => turn.callIndexes)).toEqual([[0], [1]]);
    expect(policy.seen.map((context) => context.tools.length)).toEqual([1, 1, 1]);
    expect(trajectory.turns[2]?.usage).toEqual({ inputTokens: 9, outputTokens: 1 });
  });

  it('aborts the policy’s signal when the run ends', async () => {
    const policy = playback([{ type: 'final', answer: { text: '', json: {} } }]);
    await runAgentLoop({ ...base, session: stubSession({}), policy });
    expect(policy.seen[0]?.signal.aborted).toBe(true);
  });

  it('copies what the policy asked for, so later mutation cannot rewrite the record', async () => {
    const args = { site: 'SFO' };
    const policy = playback([
      { type: 'tool_calls', calls: [{ name: 'real', arguments: args }] },
      { type: 'final', answer: { text: '', json: {} } },
    ]);
    const trajectory = await runAgentLoop({
      ...base,
      session: stubSession({ real: () => text('ok') }),
      policy,
    });
    args.site = 'changed';
    expect(trajectory.calls[0]?.arguments).toEqual({ site: 'SFO' });
  });
});
