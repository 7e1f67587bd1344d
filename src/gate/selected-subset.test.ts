import { describe, expect, it } from 'vitest';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';
import type { Report, ReportSelection } from '../report/types.js';

const selecting = (r: Report, selection: ReportSelection): Report => ({
  ...r,
  settings: { ...r.settings, selection },
});
const whole = report({ scenarios: ['alerts-001', 'alerts-002', 'alerts-003'] });

describe('a PR job that selected a subset', () => {
  it('is compared only with what it selected, and says so once', () => {
    const pr = selecting(report({ scenarios: ['alerts-001'] }), {
      servers: [],
      suites: [],
      scenarios: ['alerts-001'],
    });
    const verdict = compareToBaseline(pr, base(whole), DEFAULT_THRESHOLDS);
    expect(verdict.status).toBe('pass');
    expect(verdict.reasons).toEqual([]);
    const comment = renderComment(pr, verdict);
    expect(comment).not.toContain('missing in this PR');
    expect(comment.match(/This PR ran a subset \(scenario\(s\) alerts-001\)/g)).toHaveLength(1);
  });

  it('without a selection, the same PR is missing two scenario runs (the check it replaces)', () => {
    const verdict = compareToBaseline(
      report({ scenarios: ['alerts-001'] }),
      base(whole),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.reasons[0]).toMatch(/^missing in this PR: 2 scenario run\(s\)/);
  });

  it('still fails a selected scenario it did not run, and a selection sharing nothing with the baseline', () => {
    const dropped = selecting(report({ scenarios: ['alerts-001'] }), {
      servers: [],
      suites: ['alerts'],
      scenarios: [],
    });
    expect(compareToBaseline(dropped, base(whole), DEFAULT_THRESHOLDS).reasons[0]).toMatch(
      /^missing in this PR: 2 scenario run\(s\)/,
    );
    const renamed = selecting(report({ server: 'victim-v2' }), {
      servers: ['victim-v2'],
      suites: [],
      scenarios: [],
    });
    expect(compareToBaseline(renamed, base(whole), DEFAULT_THRESHOLDS).reasons).toEqual([
      'nothing this PR ran is in the baseline: it selected victim-v2 and 2 scenario(s), none of which the baseline ran (declare a renamed server or scenario under "renames" in the thresholds)',
    ]);
  });
});
