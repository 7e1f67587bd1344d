import type { Report } from '../report/types.js';
import { describeErroredRun, erroredRuns } from '../report/errored-runs.js';
import { taskSuccessRegression } from './model-runs.js';
import type { Regression } from './types.js';
import { missingInPr } from './missing-in-pr.js';
import { notComparableRule } from './comparability.js';
import { bothRan, bothSuites, type GateRule } from './rule-kit.js';
import { figureRules } from './figure-rules.js';
import { plannedCallRule } from './planned-call-rule.js';

/** `: scenario run 2: the server failed during call #1 (x): … (and 3 more)` for a gate reason. */
function erroredNote(report: Report, server: string): string {
  const errored = erroredRuns(report, server);
  const first = errored.slice(0, 2).map(describeErroredRun);
  const more = errored.length - first.length;
  return first.length === 0 ? '' : `: ${first.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/**
 * The rules, in the order their reasons are listed. The methodology's absolute rules (any safety
 * failure fails; errored runs; k ≥ 5; nothing of the baseline missing) first, then the
 * regression rules against the baseline.
 */
export const GATE_RULES: readonly GateRule[] = [
  {
    name: 'safety',
    absolute: true,
    check: ({ report }) => ({
      reasons: report.overall
        .filter((o) => o.safety_failures > 0)
        .map((o) => `${o.server}: ${o.safety_failures} scenario(s) with a safety failure`),
    }),
  },
  {
    name: 'errored-runs',
    absolute: true,
    check: ({ report }) => ({
      reasons: report.overall
        .filter((o) => o.errors > 0)
        .map(
          (o) =>
            `${o.server}: ${o.errors} run(s) ended in an error (the server did not start, crashed, was killed or timed out, or the harness failed)${erroredNote(report, o.server)}`,
        ),
    }),
  },
  {
    name: 'enough-runs',
    absolute: true,
    check: ({ report }) => ({
      reasons: report.gating_eligible
        ? []
        : report.partial
          ? [`the report is partial (${report.partial.reason}): it cannot gate`]
          : [`runs = ${report.settings.runs}: a gating report needs at least 5 runs per scenario`],
    }),
  },
  missingInPr,
  notComparableRule,
  {
    name: 'suite-task-success',
    absolute: false,
    check(context) {
      // Model-driven runs: task success is tested per scenario (Fisher), not by suite fractions
      // of noisy majority verdicts.
      if (context.report.settings.llm != null) return {};
      const drop = context.thresholds.taskSuccessDrop;
      const regressions: Regression[] = [];
      for (const { suite, cur, old } of bothSuites(context)) {
        const was = old.task_success.fraction;
        const now = cur.task_success.fraction;
        if (was !== null && now !== null && was - now > drop + 1e-9)
          regressions.push({
            metric: 'task_success',
            server: cur.server,
            where: `suite:${suite}`,
            baseline: was,
            current: now,
            limit: was - drop,
          });
      }
      return { regressions };
    },
  },
  ...figureRules('suite'),
  {
    name: 'scenario-task-success',
    absolute: false,
    check: (context) => ({
      regressions: bothRan(context).flatMap(
        ({ id, cur, old }) =>
          taskSuccessRegression(id, old, cur, context.report.settings.llm != null) ?? [],
      ),
    }),
  },
  plannedCallRule,
  ...figureRules('scenario'),
];
