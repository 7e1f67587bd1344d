import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from '../report/types.js';
import { combineReports } from './combine-reports.js';

/** The sample report cut down to one server, as a per-server run would write it. */
function only(server: string, report: Report = sampleReport()): Report {
  return {
    ...report,
    servers: report.servers.filter((s) => s.name === server),
    scenarios: report.scenarios.map((s) => ({
      ...s,
      results: s.results.filter((r) => r.server === server),
    })),
    suites: report.suites.map((s) => ({
      ...s,
      results: s.results.filter((r) => r.server === server),
    })),
    overall: report.overall.filter((r) => r.server === server),
  };
}

describe('combineReports', () => {
  it('puts per-server reports side by side, equal to the report of one run', () => {
    const whole = sampleReport();
    const combined = combineReports([
      { file: 'a.json', report: only('reference') },
      { file: 'b.json', report: only('karthik') },
    ]);
    expect(combined.servers).toEqual(whole.servers);
    expect(combined.scenarios).toEqual(whole.scenarios);
    expect(combined.suites).toEqual(whole.suites);
    expect(combined.overall).toEqual(whole.overall);
    expect(combined.duration_ms).toBe(2 * whole.duration_ms);
  });

  it('refuses reports of different runs, naming both files', () => {
    const other = only('karthik');
    other.settings = { ...other.settings, runs: 7 };
    expect(() =>
      combineReports([
        { file: 'a.json', report: only('reference') },
        { file: 'b.json', report: other },
      ]),
    ).toThrow(
      'b.json was run with another manifest, fixtures, harness version, methodology or settings than a.json: runs 7 ≠ 5',
    );
  });

  it('refuses reports written by two harness versions (the page names one)', () => {
    const other = only('karthik');
    other.harness = { ...other.harness, version: '9.9.9' };
    expect(() =>
      combineReports([
        { file: 'a.json', report: only('reference') },
        { file: 'b.json', report: other },
      ]),
    ).toThrow(/than a\.json: harness version 9\.9\.9 ≠ \d/);
  });

  it('refuses a server given twice', () => {
    expect(() =>
      combineReports([
        { file: 'a.json', report: only('reference') },
        { file: 'b.json', report: only('reference') },
      ]),
    ).toThrow('server "reference" is in both a.json and b.json');
  });

  it('refuses no report at all', () => {
    expect(() => combineReports([])).toThrow('no report given');
  });
});
