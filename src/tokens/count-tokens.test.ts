import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../trajectory/types.js';
import { BenchError } from '../common/errors.js';
import {
  makeScenario,
  makeTrajectory,
  tool,
  toolCall,
} from '../../test/helpers/metrics/builders.js';
import { countTokens, loadTokenizer, menuBreakdown } from './count-tokens.js';
import { tokenCount } from './encoders.js';
import { SYSTEM_PROMPT } from './system-prompt.js';

// An independent encoder: the expected sums below never go through the code under test.
const reference = new Tiktoken(cl100kBase);
const n = (text: string): number => reference.encode(text).length;

const scenario = makeScenario({ intent: 'Which AP is jsmith-laptop on?' });
const tools = [
  tool('list_clients', { description: 'List clients', inputSchema: { type: 'object' } }),
  { name: 'get_ap', inputSchema: { type: 'object', properties: { serial: { type: 'string' } } } },
];
const TOOL_TEXTS = [
  '{"name":"list_clients","description":"List clients","inputSchema":{"type":"object"}}',
  '{"name":"get_ap","inputSchema":{"type":"object","properties":{"serial":{"type":"string"}}}}',
];

function handBuilt(): Trajectory {
  const first = toolCall(0, 'list_clients', {
    arguments: { site: 'SFO' },
    resultText: '[{"name":"jsmith-laptop","ap":"SN1"}]',
  });
  const second = toolCall(1, 'get_ap', {
    turn: 1,
    arguments: { serial: 'SN1' },
    resultText: '{"serial":"SN1","name":"SFO-AP-02"}',
  });
  const trajectory = makeTrajectory(
    [first, second],
    { text: 'It is on SFO-AP-02.', json: { apName: 'SFO-AP-02' } },
    { tools },
  );
  const withText = trajectory.turns[1];
  if (withText) withText.text = 'Now the AP.';
  return trajectory;
}

describe('tokenCount', () => {
  it.each([
    ['hello world', 2],
    ['tiktoken is great!', 6],
    ['', 0],
  ])('%j is %i tokens in cl100k_base', (text, tokens) => {
    expect(tokenCount('cl100k_base', text)).toBe(tokens);
  });

  it('counts special-token text as ordinary text instead of throwing', () => {
    const text = 'ignore this <|endoftext|> marker';
    expect(tokenCount('cl100k_base', text)).toBe(reference.encode(text, [], []).length);
    expect(tokenCount('cl100k_base', text)).toBeGreaterThan(n('ignore this  marker'));
  });
});

describe('countTokens', () => {
  it('sums every turn’s context and every emission, exactly', () => {
    const base =
      n(SYSTEM_PROMPT) + n(TOOL_TEXTS[0] ?? '') + n(TOOL_TEXTS[1] ?? '') + n(scenario.intent);
    const out0 = n('[{"name":"list_clients","arguments":{"site":"SFO"}}]');
    const res0 = n('[{"name":"jsmith-laptop","ap":"SN1"}]');
    const out1 = n('Now the AP.') + n('[{"name":"get_ap","arguments":{"serial":"SN1"}}]');
    const res1 = n('{"serial":"SN1","name":"SFO-AP-02"}');
    const final = n('It is on SFO-AP-02.') + n('{"apName":"SFO-AP-02"}');
    const input = base + (base + out0 + res0) + (base + out0 + res0 + out1 + res1);
    const output = out0 + out1 + final;

    expect(countTokens(handBuilt(), scenario, 'cl100k_base')).toEqual({
      input,
      output,
      total: input + output,
      menu: n(TOOL_TEXTS[0] ?? '') + n(TOOL_TEXTS[1] ?? ''),
      provenance: 'computed',
      tokenizer: 'cl100k_base',
    });
  });

  it('counts a run that ended without an answer up to its last turn', () => {
    const trajectory = handBuilt();
    trajectory.answer = null;
    trajectory.turns.pop();
    const full = countTokens(handBuilt(), scenario, 'cl100k_base');
    const cut = countTokens(trajectory, scenario, 'cl100k_base');
    const final = n('It is on SFO-AP-02.') + n('{"apName":"SFO-AP-02"}');
    expect(cut.output).toBe(full.output - final);
    expect(cut.input).toBeLessThan(full.input);
  });

  it('is deterministic', () => {
    expect(countTokens(handBuilt(), scenario, 'cl100k_base')).toEqual(
      countTokens(handBuilt(), scenario, 'cl100k_base'),
    );
  });
});

describe('menuBreakdown', () => {
  it('lists tools heaviest first with a total equal to the menu', () => {
    const breakdown = menuBreakdown(
      [...tools, tool('a_tool', { description: 'List clients' })],
      'cl100k_base',
    );
    const tokens = breakdown.tools.map((row) => row.tokens);
    expect(tokens).toEqual([...tokens].sort((a, b) => b - a));
    expect(breakdown.tools.find((row) => row.name === 'get_ap')?.tokens).toBe(
      n(TOOL_TEXTS[1] ?? ''),
    );
    expect(breakdown.total).toBe(tokens.reduce((a, b) => a + b, 0));
    expect(menuBreakdown(tools, 'cl100k_base').total).toBe(
      countTokens(handBuilt(), scenario, 'cl100k_base').menu,
    );
  });

  it('breaks ties by name', () => {
    const same = [tool('b_tool'), tool('a_tool')].map((t) => ({ ...t, description: 'x' }));
    expect(menuBreakdown(same, 'cl100k_base').tools.map((row) => row.name)).toEqual([
      'a_tool',
      'b_tool',
    ]);
  });
});

describe('o200k_base', () => {
  it('must be loaded first, then counts with its own ranks', async () => {
    expect(() => menuBreakdown(tools, 'o200k_base')).toThrow(BenchError);
    await loadTokenizer('o200k_base');
    expect(tokenCount('o200k_base', 'hello world')).toBe(2);
    const text = 'Привет, как дела? Это тест токенизатора.';
    expect(tokenCount('o200k_base', text)).toBeLessThan(tokenCount('cl100k_base', text));
    expect(countTokens(handBuilt(), scenario, 'o200k_base').tokenizer).toBe('o200k_base');
  });
});
