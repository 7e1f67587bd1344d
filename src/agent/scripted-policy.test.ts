import { describe, expect, it } from 'vitest';
import { makeScenario, toolCall } from '../../test/helpers/metrics/builders.js';
import { answerFromFacts, createScriptedPolicy } from './scripted-policy.js';
import type { PolicyContext } from './types.js';
import { LookupFailedError } from './stop-errors.js';
import type { ToolCallRecord } from '../trajectory/types.js';

const scenario = makeScenario({
  plans: {
    ref: [
      { tool: 'list_clients', arguments: { site: 'SFO' } },
      { tool: 'get_ap', arguments: { serial: 'SN1' } },
    ],
  },
  expect: { facts: { apName: 'SFO-AP-02', clients: 3, online: true, reason: 'password expired' } },
});

const context = (calls: ToolCallRecord[], server = 'ref'): PolicyContext => ({
  scenario,
  server,
  tools: [],
  calls,
  turns: [],
  turn: calls.length,
  signal: new AbortController().signal,
});

describe('createScriptedPolicy', () => {
  it('asks for one planned call per turn, in order, then answers', async () => {
    const policy = createScriptedPolicy();
    expect(policy.info).toEqual({ name: 'scripted' });
    expect(await policy.next(context([]))).toEqual({
      type: 'tool_calls',
      calls: [{ name: 'list_clients', arguments: { site: 'SFO' } }],
    });
    expect(await policy.next(context([toolCall(0, 'list_clients')]))).toEqual({
      type: 'tool_calls',
      calls: [{ name: 'get_ap', arguments: { serial: 'SN1' } }],
    });
    const last = await policy.next(
      context([toolCall(0, 'list_clients'), toolCall(1, 'get_ap', { resultText: 'SFO-AP-02' })]),
    );
    expect(last).toEqual({
      type: 'final',
      answer: { text: 'Found apName: SFO-AP-02.', json: { apName: 'SFO-AP-02' } },
    });
  });

  it('answers at once with {} when the scenario has no plan for the server', async () => {
    const step = await createScriptedPolicy().next(context([], 'other'));
    expect(step).toEqual({
      type: 'final',
      answer: { text: 'There is no scripted plan for other in this scenario.', json: {} },
    });
  });
});

describe('answerFromFacts', () => {
  const facts = scenario.expect.facts;
  it.each([
    ['nothing found', ['no data'], {}],
    [
      'every fact, across results',
      ['{"apName":"SFO-AP-02","total":3}', 'online: true; reason: password expired'],
      { apName: 'SFO-AP-02', clients: 3, online: true, reason: 'password expired' },
    ],
    ['case-sensitive strings', ['sfo-ap-02 Password Expired'], {}],
    ['numbers by their JSON text, standing alone', ['13 clients, v3, untrue, trueish'], {}],
  ])('%s', (_name, results, json) => {
    const calls = results.map((resultText, i) => toolCall(i, 'tool', { resultText }));
    expect(answerFromFacts(facts, calls).json).toEqual(json);
  });

  it('lists what it found in the text, in manifest order', () => {
    const calls = [toolCall(0, 'tool', { resultText: 'password expired on SFO-AP-02' })];
    expect(answerFromFacts(facts, calls).text).toBe(
      'Found apName: SFO-AP-02; reason: password expired.',
    );
  });
});

describe('createScriptedPolicy with a step taking its argument from a lookup', () => {
  const lookup = makeScenario({
    plans: {
      ref: [
        { tool: 'list_clients', arguments: {} },
        { tool: 'get_client', arguments: { mac: { $from: 'list_clients', path: 'items[0].mac' } } },
      ],
    },
    expect: { facts: { total: 'No clients' } },
  });
  const at = (calls: ToolCallRecord[]): PolicyContext => ({ ...context(calls), scenario: lookup });

  it('calls the next step with the value the lookup found', async () => {
    const found = toolCall(0, 'list_clients', { resultText: '{"items":[{"mac":"aa:bb"}]}' });
    expect(await createScriptedPolicy().next(at([found]))).toEqual({
      type: 'tool_calls',
      calls: [{ name: 'get_client', arguments: { mac: 'aa:bb' } }],
    });
  });

  it('ends the plan with LookupFailedError, answered from the results so far', async () => {
    const empty = toolCall(0, 'list_clients', { resultText: 'No clients found' });
    const step = createScriptedPolicy().next(at([empty]));
    await expect(step).rejects.toBeInstanceOf(LookupFailedError);
    await expect(step).rejects.toMatchObject({
      message:
        'step 2 (get_client) takes mac from step 1 (list_clients) at items[0].mac, whose result is not JSON: "No clients found"',
      answer: { json: { total: 'No clients' } },
    });
  });
});
