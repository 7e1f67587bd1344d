import { describe, expect, it } from 'vitest';
import { compileResultSchema } from '../scenarios/result-schema.js';
import { compileLinear, nestedQuantifier, unsafePatternProblem } from './safe-regex.js';

describe('nestedQuantifier', () => {
  const cases: [string, string | undefined][] = [
    ['^(a+)+$', '(a+)+'],
    ['^(\\w+\\s?)*$', '(\\w+\\s?)*'],
    ['((ab)*c)+', '((ab)*c)+'],
    ['(x{2,})+', '(x{2,})+'],
    ['^[A-Z]{2}-\\d+$', undefined],
    ['(ab)+', undefined],
    ['(a+)', undefined],
    ['(a{2,5})+', undefined],
    ['[(a+)]+', undefined],
    ['\\(a+\\)+', undefined],
  ];
  it.each(cases)('%s', (pattern, expected) => {
    expect(nestedQuantifier(pattern)).toBe(expected);
  });
});

describe('unsafePatternProblem', () => {
  it('rejects what RE2 cannot run, and nested quantifiers; accepts ordinary patterns', () => {
    expect(unsafePatternProblem('(a)\\1')?.message).toMatch(/cannot run on a linear-time engine/);
    expect(unsafePatternProblem('(?=x)a')?.hint).toMatch(/lookaround/);
    expect(unsafePatternProblem('^(a+)+$')?.message).toMatch(/nests unbounded quantifiers/);
    expect(unsafePatternProblem('^[0-9a-f]{2}(:[0-9a-f]{2}){5}$')).toBeUndefined();
    expect(unsafePatternProblem('^(?<site>[A-Z]+)-\\d+$')).toBeUndefined();
  });
});

describe('linear-time matching', () => {
  const evil = `${'a'.repeat(50_000)}!`;

  it('a catastrophic result_schema pattern validates a long answer at once', () => {
    const validate = compileResultSchema({
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(a+)+$' } },
    });
    const started = performance.now();
    expect(validate({ name: evil })).toBe(false);
    expect(validate({ name: 'aaaa' })).toBe(true);
    // V8's backtracking engine would need about 2^50000 steps here.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('honours the i flag', () => {
    expect(compileLinear('^abc$', 'i').test('ABC')).toBe(true);
    expect(compileLinear('^abc$', 'u').test('ABC')).toBe(false);
  });
});
