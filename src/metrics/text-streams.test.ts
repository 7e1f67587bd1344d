import { describe, expect, it } from 'vitest';
import { textStreams } from './text-streams.js';

/** The streams' definition (text-streams.ts): the replaces the loop stands in for. */
const reference = (text: string) => ({
  base64: text
    .replace(/\\[nrt]/g, ' ')
    .replace(/[^A-Za-z0-9+/_-]+/g, '')
    .replace(/-/g, '+')
    .replace(/_/g, '/'),
  hex: text.replace(/[^0-9A-Fa-f]+/g, '').toLowerCase(),
});

/** A text of `length` characters drawn from `alphabet` by a seeded generator (mulberry32). */
function randomText(seed: number, length: number, alphabet: string): string {
  let a = seed;
  let out = '';
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out += alphabet[((t ^ (t >>> 14)) >>> 0) % alphabet.length];
  }
  return out;
}

describe('textStreams', () => {
  it.each([
    ['', ''],
    ['escapes', 'a\\nb\\rc\\td\\\\ne\\x\\'],
    ['both alphabets', 'Zm9v-YmFy_YmF6+/==  AbCdEf 0123'],
    ['a JSON answer', '{"serial":"CN12AB34","mac":"aa:bb:CC:dd:ee:ff","name":"AP-1\\nfloor 2"}'],
    ['non-ASCII', 'Zürich ＡＢ 𝟘 é-ñ_ß\u200bQUJD'],
  ])('equals the replaces it stands in for: %s', (_name, text) => {
    expect(textStreams(text)).toEqual(reference(text));
  });

  it('equals them on random texts dense in escapes, separators and both alphabets', () => {
    const alphabet = 'aAfFgGzZ09+/-_=\\nrt "{}:,.\n\tü€😀';
    for (let seed = 1; seed <= 200; seed++) {
      const text = randomText(seed, 1 + (seed % 97), alphabet);
      expect(textStreams(text), JSON.stringify(text)).toEqual(reference(text));
    }
  });
});
