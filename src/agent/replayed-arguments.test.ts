import { describe, expect, it } from 'vitest';
import { makeScenario, makeTrajectory, toolCall } from '../../test/helpers/metrics/builders.js';
import { replayedArguments } from './replayed-arguments.js';

const listing = toolCall(0, 'list_config_health', {
  resultText: '{"devices":[{"serial":"SGDF2411V6","configStatus":"OUT_OF_SYNC"}]}',
});
const issues = toolCall(1, 'get_config_issues', { resultText: '{"issues":[]}' });
const run = makeTrajectory([listing, issues], { text: 'done', json: {} });

function scenarioWith(serial: unknown, intent = 'Which devices are out of sync, and why?') {
  return makeScenario({
    intent,
    plans: {
      ref: [
        { tool: 'list_config_health', arguments: { config_status: 'OUT_OF_SYNC' } },
        { tool: 'get_config_issues', arguments: { serial } },
      ],
    },
  });
}

describe('replayedArguments', () => {
  it('names a plan literal an earlier call returned', () => {
    expect(replayedArguments(scenarioWith('SGDF2411V6'), 'ref', run)).toEqual([
      'plans.ref step 2 (get_config_issues) replays "SGDF2411V6", which step 1 (list_config_health) returned: take it with { $from: list_config_health, path: … }',
    ]);
  });

  it('accepts a reference, a value the intent gives, a word, and another server’s plan', () => {
    const reference = { $from: 'list_config_health', path: 'devices[0].serial' };
    expect(replayedArguments(scenarioWith(reference), 'ref', run)).toEqual([]);
    const given = scenarioWith('SGDF2411V6', 'What is wrong with switch SGDF2411V6?');
    expect(replayedArguments(given, 'ref', run)).toEqual([]);
    expect(replayedArguments(scenarioWith('OUT_OF_SYNC'), 'ref', run)).toEqual([]);
    expect(replayedArguments(scenarioWith('SGDF2411V6'), 'other', run)).toEqual([]);
  });
});
