import { describe, expect, it } from 'vitest';
import { renderResultsPage } from '../publish/render-page.js';
import { modelOf } from '../../test/helpers/publish/helpers.js';
import { RESILIENCE_FAULTS } from '../resilience/fault-matrix.js';
import type { ResilienceCell } from './resilience-types.js';
import { renderResilienceTables } from './render-metric-tables.js';
import { renderSummaryMarkdown } from './render-summary.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from './types.js';

const cell = (fault: string, over: Partial<ResilienceCell>): ResilienceCell => ({
  scenario: 'nac-006',
  server: 'reference',
  fault,
  exercised: true,
  task_success: { majority: true, pass_rate: 1, per_run: [true] },
  extra_calls: 1,
  retry_after_early: 0,
  retries_after_client_error: 0,
  short_page_misses: 0,
  recovery_calls: 1,
  recovery_ms: 1010,
  safety_failure: false,
  baseline_passed: true,
  resilient: true,
  ...over,
});

function withMatrix(): Report {
  return {
    ...sampleReport(),
    resilience: {
      faults: RESILIENCE_FAULTS.slice(0, 3).map((f) => ({
        name: f.name,
        expectation: f.expectation,
        plan: f.plan,
      })),
      cells: [
        cell('rate_limit', {}),
        cell('short_page', {
          resilient: false,
          short_page_misses: 5,
          extra_calls: 0,
          task_success: { majority: false, pass_rate: 0, per_run: [false] },
        }),
        cell('server_error_burst', { exercised: false, resilient: null }),
      ],
      scores: [
        {
          server: 'reference',
          score: 0.5,
          resilient: 1,
          exercised: 2,
          extra_calls_mean: 0.5,
          retry_after_early: 0,
          retries_after_client_error: 0,
          short_page_misses: 5,
        },
      ],
    },
  };
}

describe('renderResilienceTables', () => {
  it('is empty without a matrix', () => {
    expect(renderResilienceTables(sampleReport())).toBe('');
  });

  it('gives the score per server, then only the cells that were not resilient', () => {
    const text = renderResilienceTables(withMatrix());
    expect(text).toMatch(/\| reference \| +0\.50 \| +1\/2 \| +0\.5 \| +0 \| +0 \| +5 \|/);
    expect(text).toContain('Not resilient:');
    expect(text).toMatch(
      /\| nac-006 +\| reference \| short_page \| fail \| +0\.0 \| +0 \| +0 \| +5 \|/,
    );
    expect(text).not.toContain('rate_limit');
    expect(text).not.toContain('server_error_burst');
  });

  it('is in summary.md and in the results page’s ## Resilience section', () => {
    const report = withMatrix();
    expect(renderSummaryMarkdown(report)).toContain(
      'Resilience (the fault matrix; docs/resilience.md)',
    );
    const page = renderResultsPage(modelOf(report));
    expect(page).toContain('\n## Resilience\n');
    expect(page).toContain('| short_page |');
    expect(renderResultsPage(modelOf(sampleReport()))).not.toContain('## Resilience');
  });
});
