import { describe, expect, it } from 'vitest';
import { RESILIENCE_FAULTS } from '../resilience/fault-matrix.js';
import type { ResilienceCell, ResilienceReport } from '../report/resilience-types.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from '../report/types.js';
import { compareResilience } from './compare-resilience.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { resilienceSection } from './render-resilience.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';

const cell = (scenario: string, fault: string, resilient: boolean | null): ResilienceCell => ({
  scenario,
  server: 'reference',
  fault,
  exercised: resilient !== null,
  task_success: null,
  extra_calls: 0,
  retry_after_early: 0,
  retries_after_client_error: 0,
  short_page_misses: 0,
  recovery_calls: null,
  recovery_ms: null,
  safety_failure: false,
  baseline_passed: true,
  resilient,
});

function withMatrix(cells: ResilienceCell[], faults = RESILIENCE_FAULTS.slice(0, 2)): Report {
  const exercised = cells.filter((c) => c.exercised);
  const resilient = exercised.filter((c) => c.resilient === true).length;
  const resilience: ResilienceReport = {
    faults: faults.map((f) => ({ name: f.name, expectation: f.expectation, plan: f.plan })),
    cells,
    scores: [
      {
        server: 'reference',
        score:
          exercised.length === 0 ? null : Math.round((resilient / exercised.length) * 1000) / 1000,
        resilient,
        exercised: exercised.length,
        extra_calls_mean: 0,
        retry_after_early: 0,
        retries_after_client_error: 0,
        short_page_misses: 0,
      },
    ],
  };
  return { ...sampleReport(), resilience };
}

const base = withMatrix([cell('a', 'rate_limit', true), cell('a', 'server_error_burst', true)]);
const worse = withMatrix([cell('a', 'rate_limit', true), cell('a', 'server_error_burst', false)]);

describe('compareResilience', () => {
  it('is empty without a matrix in the report', () => {
    expect(compareResilience(sampleReport(), base)).toEqual([]);
  });

  it('gives the score, the cells and the baseline’s score; lists cells no longer resilient', () => {
    expect(compareResilience(worse, base)).toEqual([
      {
        server: 'reference',
        score: { baseline: 1, current: 0.5 },
        resilient: 1,
        exercised: 2,
        lost: ['a × server_error_burst'],
        matrixChanged: false,
      },
    ]);
  });

  it('has no baseline score for a baseline without the matrix (cold start included)', () => {
    expect(compareResilience(worse, sampleReport())[0]?.score.baseline).toBeNull();
    expect(compareResilience(worse, null)[0]).toMatchObject({ lost: [], matrixChanged: false });
  });

  it('does not compare cells across another matrix', () => {
    const other = withMatrix([cell('a', 'rate_limit', true)], RESILIENCE_FAULTS.slice(0, 1));
    expect(compareResilience(worse, other)[0]).toMatchObject({
      score: { baseline: 1, current: 0.5 },
      lost: [],
      matrixChanged: true,
    });
  });
});

describe('the resilience section of the PR comment', () => {
  it('is one row per server, shown but not gated', () => {
    const verdict = compareToBaseline(
      worse,
      { report: base, sha: 'abc1234', savedAt: '2026-12-01T00:00:00Z' },
      DEFAULT_THRESHOLDS,
    );
    // The sample report fails absolute rules of its own; the score drop adds no reason.
    const without = compareToBaseline(
      sampleReport(),
      { report: sampleReport(), sha: 'abc1234', savedAt: '2026-12-01T00:00:00Z' },
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.reasons).toEqual(without.reasons);
    const comment = renderComment(worse, verdict);
    expect(comment).toContain('### Resilience');
    expect(comment).toMatch(
      /\| reference \| +0\.50 \| +1\/2 \| +1\.00 \| a × server_error_burst +\|/,
    );
  });

  it('is absent when the report has no matrix', () => {
    const verdict = compareToBaseline(sampleReport(), null, DEFAULT_THRESHOLDS);
    expect(renderComment(sampleReport(), verdict)).not.toContain('### Resilience');
    expect(resilienceSection([])).toEqual([]);
  });

  it('cuts a long list of lost cells and says when the matrix changed', () => {
    const lost = Array.from({ length: 7 }, (_, i) => `s${i} × rate_limit`);
    const row = {
      server: 'x',
      score: { baseline: null, current: null },
      resilient: 0,
      exercised: 0,
      lost,
      matrixChanged: false,
    };
    expect(resilienceSection([row]).join('\n')).toContain('s4 × rate_limit, … (7)');
    expect(resilienceSection([{ ...row, matrixChanged: true }]).join('\n')).toContain(
      'other matrix in the baseline',
    );
  });
});
