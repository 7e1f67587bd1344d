import { describe, expect, it } from 'vitest';
import { compareToBaseline } from '../gate/compare-to-baseline.js';
import { renderComment } from '../gate/render-comment.js';
import { DEFAULT_THRESHOLDS } from '../gate/thresholds.js';
import { fakeFindingLines } from './fake-findings.js';
import { renderSummaryMarkdown } from './render-summary.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { reportSchemaErrors } from './validate-report.js';

const REFUSED = {
  operation: 'POST /network-config/v1alpha1/wlan-ssids/{ssid}',
  rule: 'enum' as const,
  at: 'body:/opmode',
  message: '/opmode must be one of OPEN, WPA2_PERSONAL, … (23 values)',
  count: 1,
};
// Five runs of the sample report, one refusal each.
const LINE =
  '`POST /network-config/v1alpha1/wlan-ssids/{ssid} ×5 (/opmode must be one of OPEN, WPA2_PERSONAL, … (23 values))`';

function reportWithRefusals() {
  const report = sampleReport();
  const result = report.scenarios[0]?.results[0];
  if (!result) throw new Error('sample report without results');
  result.runs.forEach((run) => {
    run.refused_requests = [{ ...REFUSED, count: 1 }];
  });
  return { report, runs: result.runs.length, server: result.server };
}

describe('requests the API would refuse, as a finding', () => {
  it('sums the runs per server and scenario, on one line', () => {
    const { report, runs } = reportWithRefusals();
    expect(runs).toBe(5);
    const lines = fakeFindingLines(report).filter((l) => l.includes('would refuse'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`requests the API would refuse: ${LINE}`);
    expect(reportSchemaErrors(report)).toEqual([]);
  });

  it('shows in summary.md and the PR comment', () => {
    const { report } = reportWithRefusals();
    expect(renderSummaryMarkdown(report)).toContain(LINE);
    const verdict = compareToBaseline(report, null, DEFAULT_THRESHOLDS);
    expect(renderComment(report, verdict)).toContain(LINE);
  });
});
