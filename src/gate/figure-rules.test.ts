import { describe, expect, it } from 'vitest';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { base, report } from './test-report.js';
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
