import { describe, expect, it } from 'vitest';
import { judgeLongFunctions, longFunctions } from './long-functions.js';

/** A function of `lines` lines in all (its first and last line included). */
const fn = (head: string, lines: number): string =>
  `${head} {\n${'  work();\n'.repeat(lines - 2)}}\n`;

describe('longFunctions', () => {
  it('finds a declaration, an arrow bound to a const, a method and a nested function over the limit', () => {
    const text = [
      fn('export function short()', 80),
      fn('export function long()', 81),
      fn('const arrow = () =>', 90),
      `class A {\n${fn('  method()', 85)}}\n`,
      `function outer() {\n${fn('  function inner()', 82)}}\n`,
    ].join('\n');
    const found = longFunctions('src/x/planted.ts', text);
    expect(found.map((f) => [f.key, f.lines])).toEqual([
      ['src/x/planted.ts#long', 81],
      ['src/x/planted.ts#arrow', 90],
      ['src/x/planted.ts#method', 85],
      ['src/x/planted.ts#outer', 84],
      ['src/x/planted.ts#inner', 82],
    ]);
    expect(found[0]?.line).toBe(82);
  });

  it('names an anonymous callback by what it is bound to, else (anonymous)', () => {
    const text = `const o = { run: ${fn('() =>', 81)} };\nlist.map(${fn('(x) =>', 81)});\n`;
    expect(longFunctions('a.ts', text).map((f) => f.key)).toEqual(['a.ts#run', 'a.ts#(anonymous)']);
  });
});

describe('judgeLongFunctions', () => {
  const found = longFunctions('a.ts', fn('function long()', 81) + fn('function other()', 99));

  it('lets an allowed function pass and names an unallowed one', () => {
    const { unallowed, stale } = judgeLongFunctions(found, { 'a.ts#long': 'why' });
    expect(unallowed.map((f) => f.key)).toEqual(['a.ts#other']);
    expect(stale).toEqual([]);
  });

  it('names an entry that allows no long function any more, so the list only shrinks', () => {
    const { unallowed, stale } = judgeLongFunctions(found, {
      'a.ts#long': 'why',
      'a.ts#other': 'why',
      'a.ts#split': 'it was split',
    });
    expect(unallowed).toEqual([]);
    expect(stale).toEqual(['a.ts#split']);
  });
});
