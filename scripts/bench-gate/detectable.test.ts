import { describe, expect, it } from 'vitest';
import { gate } from '../../src/gate/gate.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { parseThresholds } from '../../src/gate/thresholds.js';
import { detectableEffect } from './detectable.js';

const thresholds = parseThresholds('');

describe('the smallest change the default thresholds detect', () => {
  // Scripted-like runs: the same tokens and calls in all 5 (tokens 1000…1004: q3 1003).
  const baseline = report({ tokens: 1000, calls: 2 });
  const effect = detectableEffect([baseline], thresholds);

  it('computes it from the rules: majority of 5, Fisher at 5 vs 5, one scenario of a suite', () => {
    expect(effect.scriptedRunsToFlip).toBe(3);
    // From 5/5: 1/5 is flagged (p ≈ 0.024), 2/5 is not (p ≈ 0.083).
    expect(effect.modelPassesFlagged).toBe(1);
    expect(effect.modelP).toBeCloseTo(0.0238, 3);
    expect(effect.suiteStep).toEqual([{ server: 'reference', smallest: 0.5, largest: 0.5 }]);
  });

  it("names each server once when two baselines of it are given (the plants' and the reruns')", () => {
    const twice = detectableEffect([baseline, report({ tokens: 1000, calls: 2 })], thresholds);
    expect(twice.suiteStep).toEqual([{ server: 'reference', smallest: 0.5, largest: 0.5 }]);
  });

  it('is the change the gate itself then fails, and one less passes', () => {
    const tokens = effect.figures.find((f) => f.figure === 'tokens');
    const calls = effect.figures.find((f) => f.figure === 'api_calls');
    expect(tokens).toMatchObject({ threshold: '10%', scenarios: 2 });
    expect(calls).toMatchObject({ threshold: '0%', absolute: { min: 1, median: 1, max: 1 } });
    const rise = tokens?.absolute?.min ?? 0;
    const verdict = (v: Parameters<typeof report>[0]) =>
      gate(report(v), base(baseline), thresholds).verdict.regressions.map((r) => r.metric);
    // The PR's median is its third run: 1002 + rise.
    expect(verdict({ tokens: 1000 + rise, calls: 2 })).toContain('tokens');
    expect(verdict({ tokens: 1000 + rise - 1, calls: 2 })).not.toContain('tokens');
    expect(verdict({ tokens: 1000, calls: 3 })).toContain('api_calls');
    expect(verdict({ tokens: 1000, calls: 2 })).toEqual([]);
  });
});
