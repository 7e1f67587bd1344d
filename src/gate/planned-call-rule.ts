import type { RunCall, RunResult } from '../report/types.js';
import { bothRan, passed, type GateRule } from './rule-kit.js';
import type { Regression } from './types.js';

/** The first run of a result that recorded its calls (runs are kept in run order). */
export const firstWithCalls = (runs: readonly RunResult[]): RunResult | undefined =>
  runs.find((r) => r.calls !== undefined && r.status !== 'diverged' && r.status !== 'stopped');

/** A call of the PR's run that failed where the baseline's call at the same place succeeded. */
export interface BrokenCall {
  index: number;
  call: RunCall;
}

/**
 * The calls of `cur` that failed (an error result, an unknown tool, bad arguments) where the
 * baseline's run made the same tool call at the same place and got a result.
 */
export function brokenCalls(old: RunResult | undefined, cur: RunResult | undefined): BrokenCall[] {
  const before = old?.calls ?? [];
  return (cur?.calls ?? []).flatMap((call, index) => {
    const was = before[index];
    const failed = call.outcome === 'error' || call.outcome === 'protocol_error';
    return failed && was?.tool === call.tool && was.outcome === 'ok' ? [{ index, call }] : [];
  });
}

/**
 * `planned-call`: a scenario whose call failed in the PR where it succeeded in the baseline is a
 * regression even when the scenario still passes (its facts came from another call): a tool
 * removed from the menu or answering an error is broken whatever else the run found. Scenarios
 * whose task success fell are left to `scenario-task-success`.
 */
export const plannedCallRule: GateRule = {
  name: 'planned-call',
  absolute: false,
  check(context) {
    const regressions: Regression[] = [];
    for (const { id, cur, old } of bothRan(context)) {
      if (passed(old) === 1 && passed(cur) === 0) continue;
      const broken = brokenCalls(firstWithCalls(old.runs), firstWithCalls(cur.runs));
      if (broken.length === 0) continue;
      regressions.push({
        metric: 'planned_call',
        server: cur.server,
        where: `scenario:${id}`,
        baseline: 0,
        current: broken.length,
        limit: 0,
      });
    }
    return { regressions };
  },
};
