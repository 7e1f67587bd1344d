import { describe, expect, it } from 'vitest';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS, parseThresholds } from './thresholds.js';

describe('the figure rules (one per gated RUN_FIGURES entry)', () => {
  it('aggregates tool_errors from the runs’ calls, per scenario and per suite', () => {
    const r = report({ toolErrors: 2 });
    expect(r.scenarios[0]?.results[0]?.tool_errors).toEqual({
      median: 2,
      q1: 2,
      q3: 2,
      n: 5,
      provenance: 'measured',
    });
    expect(r.suites[0]?.results[0]?.tool_errors).toEqual({
      mean: 2,
      p95: 2,
      n: 10,
      provenance: 'measured',
    });
  });

  it('leaves tool_errors ungated by default (tool-errors: off)', () => {
    const verdict = compareToBaseline(
      report({ toolErrors: 2 }),
      base(report({ toolErrors: 0 })),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.status).toBe('pass');
    expect(verdict.regressions).toEqual([]);
  });

  it('fails a scenario whose tool errors rose beyond the baseline under tool-errors: 0', () => {
    const pr = report({ toolErrors: 2 });
    const verdict = compareToBaseline(
      pr,
      base(report({ toolErrors: 0 })),
      parseThresholds('tool-errors: 0'),
    );
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toEqual([
      'reference scenario:alerts-001: tool_errors 0 → 2 (any rise above 0 fails)',
      'reference scenario:alerts-002: tool_errors 0 → 2 (any rise above 0 fails)',
    ]);
    expect(renderComment(pr, verdict)).toContain('| tool errors (mean) |');
    expect(renderComment(pr, verdict)).toContain('0.0 → 2.0');
  });

  it('allows an absolute margin: tool-errors: 2 lets 0 → 2 pass', () => {
    const verdict = compareToBaseline(
      report({ toolErrors: 2 }),
      base(report({ toolErrors: 0 })),
      parseThresholds('tool-errors: 2'),
    );
    expect(verdict.regressions).toEqual([]);
  });
});

describe('noisy figures against the baseline’s noise band', () => {
  // The baseline's runs: latency 100…104 ms and tokens 1000…1004 per scenario, so the suite's
  // per-repetition p95s are 100…104 and each scenario's tokens spread alike: a band of ±7.974.
  const baseline = base(report());

  it('passes a latency p95 inside the band under a zero threshold, and shows it as unchanged', () => {
    const pr = report({ latency: 105 }); // p95 109: +4.8 %, inside 104 ± 7.974
    const verdict = compareToBaseline(pr, baseline, parseThresholds('latency-p95: 0'));
    expect(verdict.regressions).toEqual([]);
    expect(verdict.status).toBe('pass');
    expect(verdict.suites[0]?.figures['latency_ms:p95']).toEqual({
      baseline: 104,
      current: 109,
      band: 7.974,
    });
    const comment = renderComment(pr, verdict);
    expect(comment).toContain('| 109 (within ±8 noise) |');
    expect(comment).not.toContain('(+4.8%)');
    expect(comment).toContain('prediction interval of the baseline');
  });

  it('fails a latency p95 beyond the band and the threshold, showing the band', () => {
    const pr = report({ latency: 110 }); // p95 114
    const verdict = compareToBaseline(pr, baseline, parseThresholds('latency-p95: 0'));
    expect(verdict.regressions).toEqual([
      {
        metric: 'latency_p95',
        server: 'reference',
        where: 'suite:alerts',
        baseline: 104,
        current: 114,
        limit: 111.974,
        band: 7.974,
      },
    ]);
    expect(verdict.reasons[0]).toContain("never inside the baseline's noise band (±7.974)");
    expect(renderComment(pr, verdict)).toContain('104 → 114 (+9.6%; noise ±8)');
  });

  it('shows a change beyond the band with latency-p95 off, and does not fail it', () => {
    const pr = report({ latency: 200 });
    const verdict = compareToBaseline(pr, baseline, DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('pass');
    expect(renderComment(pr, verdict)).toContain('104 → 204 (+96.2%; noise ±8)');
  });

  it('lists no scenario whose tokens moved inside the band, under token-usage: 0%', () => {
    const pr = report({ tokens: 1005 }); // medians 1002 → 1007, inside ± 7.974
    const verdict = compareToBaseline(pr, baseline, parseThresholds('token-usage: 0%'));
    expect(verdict.status).toBe('pass');
    expect(verdict.changedScenarios).toEqual([]);
    expect(verdict.unchangedScenarios).toBe(2);
  });

  it('fails tokens beyond the band and the threshold', () => {
    const verdict = compareToBaseline(
      report({ tokens: 1010 }), // medians 1012 > 1002 + 7.974
      baseline,
      parseThresholds('token-usage: 0%'),
    );
    expect(verdict.regressions.map((r) => [r.where, r.limit, r.band])).toEqual([
      ['scenario:alerts-001', 1009.974, 7.974],
      ['scenario:alerts-002', 1009.974, 7.974],
    ]);
  });

  it('keeps the exact rule for API calls (a count, not noise): no band, any rise fails', () => {
    const verdict = compareToBaseline(report({ calls: 3 }), baseline, DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('fail');
    expect(verdict.suites[0]?.figures['api_calls:mean']).toEqual({ baseline: 2, current: 3 });
    expect(verdict.regressions.every((r) => r.band === undefined)).toBe(true);
  });
});
