import { describe, expect, it } from 'vitest';
import { compileValuePattern } from '../endpoint-pattern.js';
import type { Json } from '../types.js';
import { checkValue, type CheckContext } from './check-value.js';
import type { RuleNode } from './table.js';

// A hand-made table: one node per rule kind, and an object (typeless, as the config documents
// write them) holding them as members.
const nodes: RuleNode[] = [
  { t: 'string' }, // 0
  { t: 'string', e: ['OPEN', 'WPA2_PERSONAL'] }, // 1
  { t: 'string', nl: 2, xl: 4 }, // 2
  { t: 'integer', n: 1, x: 10 }, // 3
  { t: 'array', ni: 1, xi: 2, i: 0 }, // 4
  { t: 'string', pt: ['^(?:[a-z]+)$'] }, // 5
  { u: [3, 5] }, // 6: an integer 1–10 or a lower-case word
  { t: ['boolean', 'null'] }, // 7
  {
    r: ['name'],
    p: { name: 0, mode: 1, tag: 2, count: 3, list: 4, word: 5, either: 6, flag: 7, nested: 9 },
    t: 'object',
  }, // 8
  { p: { deep: 1 }, t: 'object' }, // 9
  { t: 'object', ap: 0, p: { known: 0 } }, // 10
  { t: 'number', en: 0, ex: 1 }, // 11
];
const ctx: CheckContext = { nodes, pattern: compileValuePattern };
const check = (index: number, value: Json, merge = false) =>
  checkValue(ctx, index, value, '', merge);

describe('checkValue: one rule kind each, the first broken one with a JSON pointer', () => {
  it.each<[string, number, Json, string, string, string]>([
    ['type', 8, { name: 1 }, 'type', '/name', 'must be string (got integer)'],
    ['enum', 8, { name: 'a', mode: 'X' }, 'enum', '/mode', 'must be one of OPEN, WPA2_PERSONAL'],
    ['required', 8, {}, 'required', '/name', 'is required'],
    ['minLength', 8, { name: 'a', tag: 'a' }, 'min-length', '/tag', 'at least 2 characters'],
    ['maxLength', 8, { name: 'a', tag: 'abcde' }, 'max-length', '/tag', 'at most 4 characters'],
    ['minimum', 8, { name: 'a', count: 0 }, 'minimum', '/count', 'must be between 1 and 10'],
    ['maximum', 8, { name: 'a', count: 11 }, 'maximum', '/count', 'must be between 1 and 10'],
    ['minItems', 8, { name: 'a', list: [] }, 'min-items', '/list', 'at least 1 items'],
    ['maxItems', 8, { name: 'a', list: ['a', 'b', 'c'] }, 'max-items', '/list', 'at most 2 items'],
    ['items', 8, { name: 'a', list: [1] }, 'type', '/list/0', 'must be string'],
    ['pattern', 8, { name: 'a', word: 'A1' }, 'pattern', '/word', 'documented pattern'],
    [
      'union',
      8,
      { name: 'a', either: 'A1' },
      'pattern',
      '/either',
      'one of the 2 documented forms',
    ],
    ['nested', 8, { name: 'a', nested: { deep: 'X' } }, 'enum', '/nested/deep', 'must be one of'],
    ['nullable', 8, { name: 'a', flag: 'yes' }, 'type', '/flag', 'must be boolean or null'],
    ['unknown member', 10, { other: 1 }, 'unknown-parameter', '/other', 'not a documented member'],
    ['exclusive minimum', 11, 0, 'minimum', '', 'must be above 0'],
    ['exclusive maximum', 11, 1, 'maximum', '', 'must be below 1'],
  ])('%s', (_, index, value, rule, pointer, reason) => {
    const broken = check(index, value);
    expect(broken).toMatchObject({ rule, pointer });
    expect(broken?.reason).toContain(reason);
  });

  it('accepts what the rules allow: unknown members, a union branch, an integer as number', () => {
    const ok: Json = {
      name: 'a',
      mode: 'OPEN',
      count: 3,
      either: 7,
      extra: { any: 1 },
      flag: null,
    };
    expect(check(8, ok)).toBeUndefined();
    expect(check(8, { name: 'a', either: 'word' })).toBeUndefined();
    expect(check(11, 0.5)).toBeUndefined();
  });

  it('reads PATCH as merge-patch: null removes, required is not enforced', () => {
    expect(check(8, { mode: null }, true)).toBeUndefined();
    expect(check(8, { name: 'a', mode: null })).toMatchObject({ rule: 'type', pointer: '/mode' });
    expect(check(8, {}, true)).toBeUndefined();
  });

  it('leaves the pointers a deviation names unchecked', () => {
    const skip = new Set(['/mode']);
    expect(checkValue({ ...ctx, skip }, 8, { name: 'a', mode: 'X' }, '', false)).toBeUndefined();
  });

  it('escapes ~ and / in member names (RFC 6901)', () => {
    const strict: RuleNode[] = [{ t: 'object', ap: 0 }];
    expect(
      checkValue({ nodes: strict, pattern: compileValuePattern }, 0, { 'a/b~': 1 }, '', false)
        ?.pointer,
    ).toBe('/a~1b~0');
  });
});
