import { describe, expect, it } from 'vitest';
import type { Report } from '../report/types.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { headlineLines } from './render-delta.js';
import { renderComment } from './render-comment.js';
import { serverHeadlines } from './server-headlines.js';
import { report, type Variant } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';

/** One report of two servers: `a` and `b`, each with its own variant. */
function twoServers(a: Variant, b: Variant): Report {
  const ra = report({ ...a, server: 'a' });
  const rb = report({ ...b, server: 'b' });
  return {
    ...ra,
    scenarios: ra.scenarios.map((s, i) => ({
      ...s,
      results: [...s.results, ...(rb.scenarios[i]?.results ?? [])],
    })),
    overall: [...ra.overall, ...rb.overall],
  };
}

describe('the headline per server', () => {
  it('gives each server its own task success, never one pooled figure', () => {
    // a passes both scenarios; b fails alerts-001 in every run.
    const pr = twoServers({}, { failRun: () => true });
    const lines = headlineLines(serverHeadlines(pr, null, []));
    expect(lines).toEqual([
      '**a**: task success 1.00 (2/2) · safety failures 0 · 0 regression(s)',
      '**b**: task success 0.50 (1/2) · safety failures 0 · 0 regression(s)',
    ]);
    expect(lines.join('\n')).not.toContain('0.75');
    const comment = renderComment(pr, compareToBaseline(pr, null, DEFAULT_THRESHOLDS));
    expect(comment).toContain(`${lines[0]}\n\n${lines[1]}`);
    expect(comment).not.toMatch(/task success 0\.75/i);
  });

  it("adds the baseline's task success over the same scenarios, and counts regressions per server", () => {
    const pr = twoServers({}, { failRun: () => true });
    const baseline = twoServers({}, {});
    const regression = {
      metric: 'task_success',
      server: 'b',
      where: 'scenario:alerts-001',
      baseline: 1,
      current: 0,
      limit: 1,
    };
    expect(headlineLines(serverHeadlines(pr, baseline, [regression]))).toEqual([
      '**a**: task success 1.00 (2/2; baseline 1.00) · safety failures 0 · 0 regression(s)',
      '**b**: task success 0.50 (1/2; baseline 1.00) · safety failures 0 · 1 regression(s)',
    ]);
  });
});
