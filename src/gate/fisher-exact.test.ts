import { describe, expect, it } from 'vitest';
import { fisherLowerTail } from './fisher-exact.js';

describe('fisherLowerTail', () => {
  it.each([
    // passedA, runsA, passedB, runsB, p: the exact hypergeometric sum, checked with Python math.comb
    [5, 5, 0, 5, 0.003968],
    [5, 5, 2, 5, 0.083333],
    [5, 5, 4, 5, 0.5],
    [10, 10, 6, 10, 0.043344],
    [3, 5, 3, 5, 0.738095],
    [0, 5, 0, 5, 1],
  ])('%i/%i then %i/%i → p = %f', (a, nA, b, nB, p) => {
    expect(fisherLowerTail(a, nA, b, nB)).toBeCloseTo(p, 5);
  });
});
