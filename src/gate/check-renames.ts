import { BenchError } from '../common/errors.js';
import type { Report } from '../report/types.js';
import type { Thresholds } from './thresholds.js';

const HINT =
  'a rename maps a name the baseline has and the PR no longer has to a new name the baseline never had; to compare an id with a different one, retire the old id instead (retired: {scenarios: [old-id]})';

/**
 * The thresholds' `renames` may only describe a real rename: the old name is gone from the PR
 * and the new name is new since the baseline. Anything else would let a declaration move a
 * regressed scenario (or server) onto another one that still passes, so the gate would compare
 * the wrong pair: e.g. `{wlan-change-004: adversarial-001}` with both ids in both reports
 * replaced the baseline's adversarial-001 by wlan-change-004's 5/5 and hid its 0/5. A usage
 * error names both ids.
 */
export function checkRenames(report: Report, base: Report, renames: Thresholds['renames']): void {
  const prServers = new Set(report.servers.map((s) => s.name));
  const baseServers = new Set(base.servers.map((s) => s.name));
  const prScenarios = new Set([...report.manifest.scenarios, ...report.scenarios.map((s) => s.id)]);
  const baseScenarios = new Set([...base.manifest.scenarios, ...base.scenarios.map((s) => s.id)]);
  const check = (
    kind: 'server' | 'scenario',
    pairs: Record<string, string>,
    inPr: ReadonlySet<string>,
    inBase: ReadonlySet<string>,
  ): void => {
    for (const [from, to] of Object.entries(pairs)) {
      if (inPr.has(from))
        throw new BenchError(
          'usage',
          `thresholds renames.${kind}s declares ${kind} "${from}" renamed to "${to}", but "${from}" is still in this PR's report`,
          { hint: HINT },
        );
      if (inBase.has(to))
        throw new BenchError(
          'usage',
          `thresholds renames.${kind}s declares ${kind} "${from}" renamed to "${to}", but "${to}" is already in the baseline`,
          { hint: HINT },
        );
    }
  };
  check('server', renames.servers, prServers, baseServers);
  check('scenario', renames.scenarios, prScenarios, baseScenarios);
}
