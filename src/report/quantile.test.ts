import { describe, expect, it } from 'vitest';
import { mean, quantile } from './quantile.js';

describe('quantile (type 7, linear interpolation)', () => {
  // Expected values are NumPy's np.quantile(x, p) (method='linear'), the same as R's type 7.
  it.each([
    { values: [7], p: 0.5, expected: 7 },
    { values: [1, 2], p: 0.5, expected: 1.5 },
    { values: [3, 1, 2], p: 0.5, expected: 2 },
    { values: [1, 2, 3, 4], p: 0.25, expected: 1.75 },
    { values: [1, 2, 3, 4], p: 0.75, expected: 3.25 },
    { values: [10, 20, 30, 40, 50], p: 0.25, expected: 20 },
    { values: [10, 20, 30, 40, 50], p: 0.95, expected: 48 },
    { values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 100], p: 0.95, expected: 59.05 },
    { values: [5, 5, 5, 5, 5], p: 0.95, expected: 5 },
    { values: [1, 2, 3], p: 0, expected: 1 },
    { values: [1, 2, 3], p: 1, expected: 3 },
  ])('q($p) of $values = $expected', ({ values, p, expected }) => {
    expect(quantile(values, p)).toBe(expected);
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    quantile(values, 0.5);
    expect(values).toEqual([3, 1, 2]);
  });

  it('refuses an empty list and p outside [0, 1]', () => {
    expect(() => quantile([], 0.5)).toThrow(/empty/);
    expect(() => quantile([1], 1.5)).toThrow(/\[0, 1\]/);
  });

  it('means round to three decimals', () => {
    expect(mean([1, 2])).toBe(1.5);
    expect(mean([1, 1, 2])).toBe(1.333);
  });
});
