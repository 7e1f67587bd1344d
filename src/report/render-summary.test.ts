import { describe, expect, it } from 'vitest';
import { renderSummaryMarkdown, renderSummaryTable } from './render-summary.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { FIGURE_COLUMNS } from './figures.js';

describe('renderSummaryMarkdown', () => {
  it('renders the sample report (snapshot)', async () => {
    await expect(renderSummaryMarkdown(sampleReport())).toMatchFileSnapshot(
      './__snapshots__/summary.md',
    );
  });

  it('renders a row per suite × server and an all-suites row per server', () => {
    const lines = renderSummaryTable(sampleReport()).trimEnd().split('\n');
    expect(lines).toHaveLength(2 + 4 + 2);
    const cells = (line: string | undefined) =>
      line
        ?.slice(2, -2)
        .split(' | ')
        .map((c) => c.trim());
    expect(cells(lines[2])?.slice(0, 4)).toEqual([
      'client-diagnosis',
      'reference',
      '1.00 (1/1)',
      '1.00 (1/1)',
    ]);
    // karthik is absent from nac-001: no figures, one absent scenario.
    expect(cells(lines[5])).toEqual([
      'nac',
      'karthik',
      '—',
      '—',
      ...FIGURE_COLUMNS.summary.map(() => '—'),
      '0',
      '1',
    ]);
    const all = cells(lines[7]) ?? [];
    expect(all.slice(0, 4)).toEqual(['**all suites**', 'karthik', '1.00 (1/1)', '1.00 (1/1)']);
    // tokens mean and p95, latency mean and p95, calls mean: the first figure columns.
    expect(all.slice(4, 9)).toEqual(['3,420', '3,438', '302', '304', '2.4']);
    expect(all.slice(-2)).toEqual(['**1**', '1']);
  });

  it('flags a report with fewer than 5 runs as not eligible for gating', () => {
    const report = { ...sampleReport(), gating_eligible: false };
    report.settings = { ...report.settings, runs: 2 };
    expect(renderSummaryMarkdown(report)).toContain(
      '**Not eligible for gating or publication:** 2 runs',
    );
    expect(renderSummaryMarkdown(sampleReport())).not.toContain('Not eligible');
  });

  it('pads every row to the same width', () => {
    const lengths = new Set(
      renderSummaryTable(sampleReport())
        .trimEnd()
        .split('\n')
        .map((l) => l.length),
    );
    expect(lengths.size).toBe(1);
  });

  it('escapes pipes in names so a row keeps its columns', () => {
    const report = sampleReport();
    report.suites[0]!.results[0]!.server = 'a|b';
    expect(renderSummaryTable(report)).toContain('| a\\|b      |');
  });
});
