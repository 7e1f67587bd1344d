import { describe, expect, it } from 'vitest';
import { makeTrajectory, toolCall } from '../../test/helpers/metrics/builders.js';
import { providerTokens } from './provider-tokens.js';

describe('providerTokens', () => {
  it('sums provider-reported usage over the turns, labelled measured', () => {
    const trajectory = makeTrajectory([toolCall(0, 'list_clients')], { text: '', json: {} });
    trajectory.turns.forEach((turn, i) => {
      turn.usage = { inputTokens: 100 * (i + 1), outputTokens: 10 };
    });
    expect(providerTokens(trajectory, 55, 'provider:gpt-x')).toEqual({
      input: 300,
      output: 20,
      total: 320,
      menu: 55,
      provenance: 'measured',
      tokenizer: 'provider:gpt-x',
    });
  });

  it('gives nothing when a turn has no usage (never a mixed figure)', () => {
    const trajectory = makeTrajectory([toolCall(0, 'list_clients')], { text: '', json: {} });
    const first = trajectory.turns[0];
    if (first) first.usage = { inputTokens: 1, outputTokens: 1 };
    expect(providerTokens(trajectory, 0, 'x')).toBeNull();
  });
});
