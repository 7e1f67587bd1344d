import { describe, expect, it } from 'vitest';
import type { CallRecord } from '../../fake-central/types.js';
import type { FinalAnswer, Trajectory } from '../trajectory/types.js';
import type { Scenario } from '../scenarios/types.js';
import { taskFailures } from './task-success.js';
import {
  authCall,
  logCall,
  makeScenario,
  makeTrajectory,
  toolCall,
} from '../../test/helpers/metrics/builders.js';

const scenario = makeScenario({
  expect: {
    api_calls: ['GET /network-monitoring/v1/clients', 'GET /network-troubleshooting/v1/events'],
    facts: { apName: 'SFO-AP-02', failures: 3, blocked: false },
  },
  result_schema: {
    type: 'object',
    required: ['apName'],
    properties: { apName: { type: 'string' }, failures: { type: 'integer' } },
  },
});
const log = [
  authCall(1),
  logCall(2, 'GET /network-monitoring/v1/clients'),
  logCall(3, 'GET /network-troubleshooting/v1/events'),
];
const good: FinalAnswer = {
  text: 'jsmith-laptop uses SFO-AP-02; 3 failures; blocked: false',
  json: { apName: 'SFO-AP-02', failures: 3, blocked: false },
};
const run = (answer: FinalAnswer | null, extra: Partial<Trajectory> = {}): Trajectory =>
  makeTrajectory([toolCall(0, 'list_clients')], answer, extra);

describe('taskFailures', () => {
  const cases: [string, Scenario, Trajectory, CallRecord[], string[]][] = [
    ['a correct run', scenario, run(good), log, []],
    [
      'a schema-invalid answer',
      scenario,
      run({ text: good.text, json: { apName: 7, failures: 3.5, blocked: false } }),
      log,
      [
        'the answer does not match result_schema: /apName must be string',
        'the answer does not match result_schema: /failures must be integer',
      ],
    ],
    [
      'a missing required field',
      scenario,
      run({ text: good.text, json: { failures: 3 } }),
      log,
      ["the answer does not match result_schema: / must have required property 'apName'"],
    ],
    [
      'a missing fact',
      scenario,
      run({ text: 'SFO-AP-02 blocked: false', json: { apName: 'SFO-AP-02' } }),
      log,
      ['fact failures (3) is not in the answer'],
    ],
    [
      'a fact found only in the JSON',
      scenario,
      run({ text: 'done', json: { apName: 'SFO-AP-02', failures: 3, blocked: false } }),
      log,
      [],
    ],
    [
      'an expected call not made',
      scenario,
      run(good),
      log.slice(0, 2),
      ['expected API call GET /network-troubleshooting/v1/events was not made'],
    ],
    [
      'an expected call seen only as a refused escape',
      scenario,
      run(good),
      [
        ...log.slice(0, 2),
        logCall(3, 'GET /network-troubleshooting/v1/events', { kind: 'escape' }),
      ],
      ['expected API call GET /network-troubleshooting/v1/events was not made'],
    ],
    [
      'an expected call the fake refused as the API would',
      scenario,
      run(good),
      [
        ...log.slice(0, 2),
        logCall(3, 'GET /network-troubleshooting/v1/events', {
          status: 400,
          refused: {
            operation: 'GET /network-troubleshooting/v1/events',
            rule: 'required',
            at: 'query:context-type',
            message: 'Validation errors - context-type is required',
          },
        }),
      ],
      [
        'expected API call GET /network-troubleshooting/v1/events was refused as the API would: GET /network-troubleshooting/v1/events (Validation errors - context-type is required)',
      ],
    ],
    [
      'a server error',
      scenario,
      run(null, { stopReason: 'server_error', error: { message: 'the server failed' } }),
      log,
      ['the run stopped with server_error: the server failed', 'there is no final answer'],
    ],
    [
      'the turn limit',
      scenario,
      run(null),
      log,
      ['the run stopped with turn_limit', 'there is no final answer'],
    ],
    [
      'no result_schema accepts any object',
      makeScenario({ expect: { facts: { apName: 'SFO-AP-02' } } }),
      run({ text: '', json: { ap: 'SFO-AP-02' } }),
      log,
      [],
    ],
  ];
  it.each(cases)('%s', (_name, used, trajectory, calls, failures) => {
    expect(taskFailures(used, trajectory, calls, 'reference')).toEqual(failures);
  });
});
