import { describe, expect, it } from 'vitest';
import { toolCall } from '../../test/helpers/metrics/builders.js';
import type { PlannedCall } from '../scenarios/types.js';
import { resolvePlanArguments } from './resolve-plan-arguments.js';

const plan: PlannedCall[] = [
  { tool: 'list_clients', arguments: { status: 'Failed' } },
  {
    tool: 'get_client_events',
    arguments: {
      mac: { $from: 'list_clients', path: 'clients[0].macAddress' },
      params: { site: { $from: 1, path: 'clients[0].siteId' }, hours: 24 },
    },
  },
];
const listed = JSON.stringify({ total: 1, clients: [{ macAddress: 'a4:bb', siteId: '55' }] });

describe('resolvePlanArguments', () => {
  it('leaves a step without references as it is', () => {
    expect(resolvePlanArguments(plan, 0, [])).toEqual({
      ok: true,
      arguments: { status: 'Failed' },
    });
  });

  it('fills references at any depth from the text result parsed as JSON', () => {
    const calls = [toolCall(0, 'list_clients', { resultText: listed })];
    expect(resolvePlanArguments(plan, 1, calls)).toEqual({
      ok: true,
      arguments: { mac: 'a4:bb', params: { site: '55', hours: 24 } },
    });
  });

  it('reads the structured result first, and a list of JSON text blocks as an array', () => {
    const structured = toolCall(0, 'list_clients', {
      resultText: 'not json',
      outcome: { structuredContent: JSON.parse(listed) as unknown },
    });
    expect(resolvePlanArguments(plan, 1, [structured]).ok).toBe(true);
    const blocks = toolCall(0, 'x', {
      outcome: {
        content: [
          { type: 'text', text: '{"mac":"m1"}' },
          { type: 'text', text: '{"mac":"m2"}' },
        ],
      },
    });
    const byIndex: PlannedCall[] = [
      { tool: 'x', arguments: {} },
      { tool: 'y', arguments: { mac: { $from: 1, path: '[1].mac' } } },
    ];
    expect(resolvePlanArguments(byIndex, 1, [blocks])).toEqual({
      ok: true,
      arguments: { mac: 'm2' },
    });
  });

  it.each([
    [
      'a text answer',
      toolCall(0, 'list_clients', {
        resultText: 'No clients found matching the specified criteria.',
      }),
      'step 2 (get_client_events) takes mac from step 1 (list_clients) at clients[0].macAddress, whose result is not JSON: "No clients found matching the specified criteria."',
    ],
    [
      'an empty page',
      toolCall(0, 'list_clients', { resultText: '{"total":0,"clients":[]}' }),
      'step 2 (get_client_events) takes mac from step 1 (list_clients) at clients[0].macAddress, which has nothing there: "{\\"total\\":0,\\"clients\\":[]}"',
    ],
    [
      'an error result',
      toolCall(0, 'list_clients', { resultText: 'boom', outcome: { isError: true } }),
      'step 2 (get_client_events) takes mac from step 1 (list_clients) at clients[0].macAddress, which failed: "boom"',
    ],
  ])('fails the lookup on %s, naming the step, the argument and the answer', (_n, call, msg) => {
    expect(resolvePlanArguments(plan, 1, [call])).toEqual({ ok: false, failure: msg });
  });

  it('fails a reference to a step that did not run before it', () => {
    const bad: PlannedCall[] = [
      { tool: 'y', arguments: { mac: { $from: 'list_sites', path: 'a' } } },
    ];
    expect(resolvePlanArguments(bad, 0, [])).toEqual({
      ok: false,
      failure: 'step 1 (y) takes mac from list_sites, which did not run before it',
    });
  });
});
