import { describe, expect, it } from 'vitest';
import type { Discoverability } from '../metrics/discoverability/discoverability.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from '../report/types.js';
import { compareDiscoverability } from './compare-discoverability.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';
import { gate } from './gate.js';

const figures = (mrr: number, recall: number): Discoverability => ({
  recall_at_1: recall,
  recall_at_3: recall,
  recall_at_5: recall,
  mrr,
  expected: [],
  menu_size: 10,
});

/**
 * The sample report with discoverability on the reference server: `perScenario` maps a scenario
 * id to its figures (a scenario left out is not ranked), `hash` is the menu text hash.
 */
function withDiscoverability(hash: string, perScenario: Record<string, Discoverability>): Report {
  const report = sampleReport();
  for (const s of report.scenarios)
    for (const r of s.results)
      if (r.server === 'reference') r.discoverability = perScenario[s.id] ?? null;
  const server = report.servers.find((s) => s.name === 'reference');
  if (!server) throw new Error('the sample report has no reference server');
  server.discoverability = {
    scenarios: Object.keys(perScenario).length,
    recall_at_1: 0,
    recall_at_3: 0,
    recall_at_5: 0,
    mrr: 0,
    menu_tokens: 100,
    menu_text_hash: hash,
  };
  return report;
}

const ids = sampleReport().scenarios.map((s) => s.id);
const [first = '', second = ''] = ids;

describe('compareDiscoverability', () => {
  it('says nothing without a baseline or when the menu text is the same', () => {
    const now = withDiscoverability('sha256:a', { [first]: figures(1, 1) });
    expect(compareDiscoverability(now, null)).toEqual([]);
    const was = withDiscoverability('sha256:a', { [first]: figures(0.5, 0.5) });
    expect(compareDiscoverability(now, was)).toEqual([]);
  });

  it('says nothing when either report predates discoverability', () => {
    const now = withDiscoverability('sha256:b', { [first]: figures(1, 1) });
    expect(compareDiscoverability(now, sampleReport())).toEqual([]);
    expect(compareDiscoverability(sampleReport(), now)).toEqual([]);
  });

  it('compares means over the scenarios ranked in both, and names those that moved', () => {
    const was = withDiscoverability('sha256:a', {
      [first]: figures(1, 1),
      [second]: figures(0.25, 0),
    });
    // A third scenario ranked only now must not move the means: it is not in the baseline.
    const third = ids[2];
    const now = withDiscoverability('sha256:b', {
      [first]: figures(0.5, 0),
      [second]: figures(0.5, 1),
      ...(third ? { [third]: figures(0, 0) } : {}),
    });
    expect(compareDiscoverability(now, was)).toEqual([
      {
        server: 'reference',
        scenarios: 2,
        recallAt1: { baseline: 0.5, current: 0.5 },
        recallAt3: { baseline: 0.5, current: 0.5 },
        recallAt5: { baseline: 0.5, current: 0.5 },
        mrr: { baseline: 0.625, current: 0.5 },
        rankedLower: [first],
        rankedHigher: [second],
      },
    ]);
  });

  it('is a comment section only when the menu text changed, and never fails the gate', () => {
    const was = withDiscoverability('sha256:a', { [first]: figures(1, 1) });
    const same = gate(
      withDiscoverability('sha256:a', { [first]: figures(1, 1) }),
      {
        report: was,
        sha: 'b'.repeat(40),
        savedAt: '2026-11-30T00:00:00Z',
      },
      DEFAULT_THRESHOLDS,
    );
    expect(same.comment).not.toContain('Discoverability');
    const worse = gate(
      withDiscoverability('sha256:b', { [first]: figures(0.2, 0) }),
      {
        report: was,
        sha: 'b'.repeat(40),
        savedAt: '2026-11-30T00:00:00Z',
      },
      DEFAULT_THRESHOLDS,
    );
    expect(worse.verdict.status).toBe(same.verdict.status);
    expect(worse.comment).toContain('### Discoverability (menu text changed)');
    const row = worse.comment.split('\n').find((l) => l.startsWith('| reference |'));
    expect(row?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'reference',
      '1',
      '1.000 → 0.000',
      '1.000 → 0.000',
      '1.000 → 0.000',
      '1.000 → 0.200',
      first,
      '—',
      '',
    ]);
  });
});
