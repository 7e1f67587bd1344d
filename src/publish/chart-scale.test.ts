import { describe, expect, it } from 'vitest';
import {
  autoScale,
  fitLabel,
  linearScale,
  logScale,
  shortNumber,
  wantsLog,
} from './chart-scale.js';

describe('chart scales', () => {
  it('choose a log axis when the values span 20× or more', () => {
    expect(wantsLog([5_622, 91_891])).toBe(false);
    expect(wantsLog([800, 91_891])).toBe(true);
    expect(wantsLog([0, 5, 500])).toBe(true);
    expect(wantsLog([7])).toBe(false);
    expect(autoScale([800, 91_891], 300).log).toBe(true);
  });

  it('put a labelled tick at every decade of a log axis, the values inside it', () => {
    const scale = logScale([800, 91_891], 300);
    expect(scale.ticks.map((t) => t.label)).toEqual(['100', '1k', '10k', '100k']);
    expect(scale.at(100)).toBe(0);
    expect(scale.at(100_000)).toBe(300);
    expect(scale.at(1_000)).toBeCloseTo(100);
  });

  it('round a linear axis up to a nice value with about five labelled ticks', () => {
    const scale = linearScale([3.7, 9.2], 200);
    expect(scale.ticks.map((t) => t.label)).toEqual(['0', '2', '4', '6', '8', '10']);
    expect(scale.at(10)).toBe(200);
    expect(scale.at(5)).toBe(100);
    const zoomed = linearScale([1], 100, {
      min: 0.9,
      max: 1,
      count: 4,
      format: (n) => n.toFixed(2),
    });
    expect(zoomed.ticks.map((t) => t.label)).toEqual(['0.90', '0.95', '1.00']);
    expect(zoomed.at(0.95)).toBeCloseTo(50);
  });

  it('label ticks short, and cut labels that do not fit with an ellipsis', () => {
    expect([950, 1_200, 45_000, 1_500_000, 0, 0.25].map(shortNumber)).toEqual([
      '950',
      '1.2k',
      '45k',
      '1.5M',
      '0',
      '0.25',
    ]);
    expect(fitLabel('subject-leak-canary', 100)).toBe('subject-leak…');
    expect(fitLabel('karthik', 100)).toBe('karthik');
  });
});
