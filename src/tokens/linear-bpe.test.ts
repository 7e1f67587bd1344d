import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { makeScenario, makeTrajectory, toolCall } from '../../test/helpers/metrics/builders.js';
import { countTokens } from './count-tokens.js';
import { countText, MAX_EXACT_CHARS } from './encoders.js';
import { pieceCounter } from './linear-bpe.js';

const TEXTS: [string, string][] = [
  ['words', 'How is the Guest WLAN configured? Which security mode does it use?'],
  ['JSON', JSON.stringify({ items: [{ serial: 'SN1', status: 'ONLINE', vlan: [30, 40] }] })],
  ['one character repeated', 'a'.repeat(1_500)],
  ['punctuation run', '!?'.repeat(300)],
  ['CJK without spaces', '日本語のテキストです'.repeat(30)],
  ['spaces then a word', `${' '.repeat(500)}x\n\n\n  y`],
  ['emoji and accents', 'café ☕️ naïve 👩‍💻 '.repeat(40)],
  ['base64', Buffer.from('x7'.repeat(400)).toString('base64')],
  ['special-token text', 'a <|endoftext|> b'],
];

describe('pieceCounter', () => {
  for (const [name, ranks] of [
    ['cl100k_base', cl100kBase],
    ['o200k_base', o200kBase],
  ] as const) {
    const encoder = new Tiktoken(ranks);
    const counter = pieceCounter(ranks);
    it.each(TEXTS)(`${name}: counts %s exactly as encode() does`, (_kind, text) => {
      expect(counter.count(text)).toBe(encoder.encode(text, [], []).length);
    });
  }

  // Seeded texts over a pool of what tool results hold: a miss on any byte-pair order shows here.
  it.each([
    ['cl100k_base', cl100kBase],
    ['o200k_base', o200kBase],
  ] as const)('%s: counts 300 seeded random texts exactly as encode() does', (_name, ranks) => {
    const encoder = new Tiktoken(ranks);
    const counter = pieceCounter(ranks);
    const pool = [
      ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
      ...' \n\t  ',
      ...'{}[]":,.-_/\\\'!?#@%&*()<>=+|~^`;',
      ...'éèüßñçøåœæ',
      ...'日本語テキスト中文한국어',
      '👩‍💻',
      '☕️',
      '\u0000',
      'serial',
      '"status":"ONLINE"',
      'SFO-AP-0',
    ];
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let t = 0; t < 300; t++) {
      const text = Array.from({ length: 1 + next(400) }, () => pool[next(pool.length)]).join('');
      expect(counter.count(text), JSON.stringify(text)).toBe(encoder.encode(text, [], []).length);
    }
  });

  it('counts 20,000 identical characters in linear time (js-tiktoken alone takes minutes)', () => {
    const counter = pieceCounter(cl100kBase);
    const started = performance.now();
    // cl100k_base has a token for 8 a's.
    expect(counter.count('a'.repeat(20_000))).toBe(2_500);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('countText', () => {
  // Counted once: the second test reuses the cached count of the same exact head.
  const text = 'ab '.repeat(MAX_EXACT_CHARS / 3 + 10_000);

  it('extrapolates past MAX_EXACT_CHARS and says the figure is estimated', () => {
    const counted = countText('cl100k_base', text);
    expect(counted.estimated).toBe(true);
    expect(counted.count).toBeGreaterThan(0);
    expect(countText('cl100k_base', 'ab'.repeat(100))).toEqual({ count: 100, estimated: false });
  });

  it('labels a run whose tokens were extrapolated `estimated`', () => {
    const huge = toolCall(0, 'list', { resultText: text });
    const usage = countTokens(
      makeTrajectory([huge], { text: 'done', json: {} }),
      makeScenario(),
      'cl100k_base',
    );
    expect(usage.provenance).toBe('estimated');
    const small = countTokens(
      makeTrajectory([toolCall(0, 'list')], { text: 'done', json: {} }),
      makeScenario(),
      'cl100k_base',
    );
    expect(small.provenance).toBe('computed');
  });
});
