import { describe, expect, it } from 'vitest';
import { noiseHalfWidth, sampleSd, tQuantile995, withinBand } from './noise-band.js';

/** A seeded normal sampler (mulberry32 and Box–Muller): the same draws on every machine. */
function normals(seed: number): () => number {
  let a = seed >>> 0;
  const uniform = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
}

describe('the noise band (a 99% prediction interval)', () => {
  it("takes Student's t at 0.995 from the table, and a wider value past it", () => {
    expect(tQuantile995(4)).toBe(4.604);
    expect(tQuantile995(1)).toBe(63.657);
    expect(tQuantile995(30)).toBe(2.75);
    expect(tQuantile995(45)).toBe(2.704);
    expect(tQuantile995(10_000)).toBe(2.617);
    expect(() => tQuantile995(0)).toThrow(/df must be ≥ 1/);
  });

  it('is t · s · √(1 + 1/n) over the runs, 0 for equal runs, none for one run', () => {
    expect(sampleSd([100, 101, 102, 103, 104])).toBeCloseTo(1.5811, 4);
    expect(noiseHalfWidth([100, 101, 102, 103, 104])).toBe(7.974);
    expect(noiseHalfWidth([13663, 13663, 13663, 13663, 13663])).toBe(0);
    expect(noiseHalfWidth([42])).toBeNull();
    expect(noiseHalfWidth([])).toBeNull();
  });

  it('counts a value on either side within the band as inside, and one past it as outside', () => {
    expect(withinBand(648, 467, 3052)).toBe(true);
    expect(withinBand(100, 107.974, 7.974)).toBe(true);
    expect(withinBand(100, 108, 7.974)).toBe(false);
    expect(withinBand(100, 100, 0)).toBe(true);
  });

  it('lets about 0.5% of unchanged values rise above it with 5 runs (the false-alarm rate docs/gate.md states)', () => {
    const draw = normals(20261204);
    const trials = 40_000;
    let above = 0;
    for (let i = 0; i < trials; i++) {
      const baseline = Array.from({ length: 5 }, () => 50 + 10 * draw());
      const centre = baseline.reduce((a, b) => a + b, 0) / baseline.length;
      const half = noiseHalfWidth(baseline) ?? 0;
      if (50 + 10 * draw() > centre + half) above++;
    }
    // 0.5% of 40,000 is 200; a normal quantile (1.96 for 95%) instead of t would give ~1,000+.
    expect(above / trials).toBeGreaterThan(0.003);
    expect(above / trials).toBeLessThan(0.0075);
  });
});
