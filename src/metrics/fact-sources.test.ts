import { describe, expect, it } from 'vitest';
import { factsFromElsewhere } from './fact-sources.js';
import { makeScenario, makeTrajectory, toolCall } from '../../test/helpers/metrics/builders.js';

// The DHCP story: the pool's lease time is on the gateway (the show command) and repeated in the
// audit log's entry of the change. Only the show command counts for it.
const scenario = makeScenario({
  expected_tools: { ref: ['run_show_commands', 'list_audits'], other: ['list_audits'] },
  expect: {
    facts: { leaseTime: '7 days', changedBy: 'marco' },
    fact_sources: { leaseTime: { ref: ['run_show_commands'] } },
  },
});
const answer = { text: 'guest-pool: 7 days, changed by marco', json: {} };
const show = (text: string) => toolCall(0, 'run_show_commands', { resultText: text });
const audits = toolCall(1, 'list_audits', { resultText: 'marco set lease 1 day -> 7 days' });

describe('factsFromElsewhere', () => {
  it('accepts a fact its source tool returned, wherever else it also appears', () => {
    const run = makeTrajectory([show('guest-pool 29/29 used, lease 7 days'), audits], answer);
    expect(factsFromElsewhere(scenario, 'ref', run)).toEqual([]);
  });

  it('names a fact the answer took from another tool than its source', () => {
    const run = makeTrajectory([show('% command failed'), audits], answer);
    expect(factsFromElsewhere(scenario, 'ref', run)).toEqual([
      'fact leaseTime (7 days) is not in the results of run_show_commands: the answer took it from another tool',
    ]);
  });

  it('says so when the source tool was never called', () => {
    const run = makeTrajectory([audits], answer);
    expect(factsFromElsewhere(scenario, 'ref', run)).toEqual([
      'fact leaseTime (7 days) is not from run_show_commands, which was not called: the answer took it from another tool',
    ]);
  });

  it('leaves servers without sources, and facts the answer lacks, to the other rules', () => {
    expect(factsFromElsewhere(scenario, 'other', makeTrajectory([audits], answer))).toEqual([]);
    const lacking = makeTrajectory([audits], { text: 'changed by marco', json: {} });
    expect(factsFromElsewhere(scenario, 'ref', lacking)).toEqual([]);
    expect(factsFromElsewhere(scenario, 'ref', makeTrajectory([audits], null))).toEqual([]);
  });
});
