import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './json-error-offset.js';

describe('jsonErrorOffset', () => {
  it.each(['{}', '[]', '[1, -2.5e3, "a\\"b", true, false, null, {"k": [{}]}]', ' {"a":1} '])(
    'accepts %s',
    (text) => {
      expect(jsonErrorOffset(text)).toBe(-1);
      expect(() => JSON.parse(text) as unknown).not.toThrow();
    },
  );

  it.each([
    ['{"id": }', 7],
    ['[1,,2]', 3],
    ['{oops', 1],
    ['[1] x', 4],
    ['"unterminated', 13],
    ['{"a" 1}', 5],
    ['[tru]', 1],
  ])('finds the error in %s at %i', (text, offset) => {
    expect(jsonErrorOffset(text)).toBe(offset);
    expect(() => JSON.parse(text) as unknown).toThrow();
  });
});
