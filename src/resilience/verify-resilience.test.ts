import { describe, expect, it } from 'vitest';
import { publishedReport } from '../../test/helpers/report/published-report.js';
import type { Report } from '../report/types.js';
import { aggregateResilience } from './aggregate-resilience.js';
import { RESILIENCE_FAULTS } from './fault-matrix.js';
import { resilienceMismatches } from './verify-resilience.js';

/**
 * The published report with a resilience matrix aggregated by the matrix's own code: the report
 * itself as the fault-free run, and under each of two faults a copy whose runs had a faulted
 * call (one early retry in the first run of every other scenario, so some cells are not resilient).
 */
function withMatrix(): Report {
  const baseline = publishedReport();
  const faulted = RESILIENCE_FAULTS.slice(0, 2).map((fault) => {
    const report = publishedReport();
    for (const [i, s] of report.scenarios.entries())
      for (const r of s.results)
        for (const run of r.runs)
          run.faults = {
            faulted_calls: 1,
            retry_after_early: i % 2 === 1 && run.run === 1 ? 1 : 0,
            retries_after_client_error: 0,
            short_page_misses: 0,
            recovery_calls: 1,
            recovery_ms: 5,
          };
    return { fault, report };
  });
  return { ...baseline, resilience: aggregateResilience(baseline, faulted) };
}

const matrix = (r: Report) => {
  if (!r.resilience) throw new Error('no matrix');
  return r.resilience;
};

describe('resilienceMismatches', () => {
  it('finds none in a matrix as aggregated, and none without a matrix', () => {
    const report = withMatrix();
    expect(matrix(report).cells.some((c) => c.resilient === true)).toBe(true);
    expect(matrix(report).cells.some((c) => c.resilient === null)).toBe(true);
    expect(resilienceMismatches(report)).toEqual([]);
    expect(resilienceMismatches(publishedReport())).toEqual([]);
  });

  it('names a cell whose resilient verdict does not follow from its figures', () => {
    const report = withMatrix();
    const cell = matrix(report).cells.find((c) => c.resilient === true);
    if (!cell) throw new Error('no resilient cell');
    cell.resilient = false;
    expect(resilienceMismatches(report)).toEqual([
      {
        scope: `resilience ${cell.scenario} × ${cell.fault}`,
        server: cell.server,
        figure: 'resilient',
        stored: false,
        recomputed: true,
      },
    ]);
  });

  it('names a cell whose fault-free verdict is not the report’s', () => {
    const report = withMatrix();
    const cell = matrix(report).cells.find((c) => !c.baseline_passed && c.exercised);
    if (!cell) throw new Error('no cell the server failed without faults');
    cell.baseline_passed = true;
    expect(resilienceMismatches(report).map((m) => m.figure)).toEqual(['baseline_passed']);
  });

  it('names a server’s score that does not follow from its cells', () => {
    const report = withMatrix();
    const score = matrix(report).scores[1];
    if (!score || score.score === null) throw new Error('no score for the second server');
    score.score = Math.min(1, score.score + 0.1);
    expect(resilienceMismatches(report)).toEqual([
      expect.objectContaining({ scope: 'resilience', server: score.server, figure: 'score' }),
    ]);
  });
});
