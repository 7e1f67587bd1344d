import type { Report } from '../report/types.js';
import { pairKey, passed, scenarioIndex } from './rule-kit.js';
import type { Regression, ServerHeadline } from './types.js';

/**
 * A headline per server of the PR's report. Pooling servers gave a figure that described none
 * of them (three servers' task success averaged into one number).
 */
export function serverHeadlines(
  report: Report,
  base: Report | null,
  regressions: readonly Regression[],
): ServerHeadline[] {
  const before = base ? scenarioIndex(base) : null;
  return report.overall.map((o) => {
    let common = 0;
    let passedBefore = 0;
    for (const s of report.scenarios) {
      const cur = s.results.find((r) => r.server === o.server);
      const old = before?.get(pairKey(o.server, s.id))?.result;
      if (!cur || cur.absent || passed(cur) === null || !old || old.absent) continue;
      const was = passed(old);
      if (was === null) continue;
      common++;
      passedBefore += was;
    }
    return {
      server: o.server,
      passed: o.task_success.passed,
      of: o.task_success.of,
      baseline: common === 0 ? null : passedBefore / common,
      safetyFailures: o.safety_failures,
      regressions: regressions.filter((r) => r.server === o.server).length,
    };
  });
}
