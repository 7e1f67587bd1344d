import type { Report, ScenarioServerResult, Spread, SuiteServerResult } from '../report/types.js';
import { describeErroredRun, erroredRuns } from '../report/errored-runs.js';
import { taskSuccessRegression } from './model-runs.js';
import type { Threshold, Thresholds } from './thresholds.js';
import type { Regression } from './types.js';
import { missingInPr } from './missing-in-pr.js';
import { notComparableRule, type SettingDifference } from './comparability.js';

/** `: scenario run 2: the server failed during call #1 (x): … (and 3 more)` for a gate reason. */
function erroredNote(report: Report, server: string): string {
  const errored = erroredRuns(report, server);
  const first = errored.slice(0, 2).map(describeErroredRun);
  const more = errored.length - first.length;
  return first.length === 0 ? '' : `: ${first.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/** What a rule sees: the PR's report, the baseline's (null on a cold start) and the thresholds. */
export interface RuleContext {
  report: Report;
  /** The baseline when its figures are comparable (null on a cold start or another model). */
  base: Report | null;
  /** The baseline whatever its settings (null on a cold start): for coverage rules. */
  anyBase: Report | null;
  thresholds: Thresholds;
  /**
   * False when baseline and PR count tokens with different tokenizers: token figures are then
   * not comparable, so token rules skip (and the comment says so).
   */
  tokensComparable: boolean;
  /** The settings baseline and PR differ in (comparability.ts); empty without a baseline. */
  differences: readonly SettingDifference[];
}

/** What a rule found: failing reasons that are not regressions, regressions, informational notes. */
export interface RuleFindings {
  reasons?: string[];
  regressions?: Regression[];
  notes?: string[];
}

/**
 * One gate rule. `absolute` rules apply with or without a baseline; the others only run when
 * there is one. Add a rule by appending to GATE_RULES (or passing a list to compareToBaseline).
 */
export interface GateRule {
  name: string;
  absolute: boolean;
  check(context: RuleContext): RuleFindings;
}

/** `server\0id`: the key of a server's result for a scenario or suite. */
export const pairKey = (server: string, id: string): string => `${server}\u0000${id}`;

/** Every scenario × server result of a report, by pairKey. */
export function scenarioIndex(
  report: Report,
): Map<string, { suite: string; result: ScenarioServerResult }> {
  const index = new Map<string, { suite: string; result: ScenarioServerResult }>();
  for (const s of report.scenarios)
    for (const r of s.results) index.set(pairKey(r.server, s.id), { suite: s.suite, result: r });
  return index;
}

/** Every suite × server row of a report, by pairKey. */
export function suiteIndex(report: Report): Map<string, SuiteServerResult> {
  const index = new Map<string, SuiteServerResult>();
  for (const s of report.suites)
    for (const r of s.results) index.set(pairKey(r.server, s.suite), r);
  return index;
}

/** 1 / 0 for a scenario's majority task verdict, null when absent or missing. */
export const passed = (r: ScenarioServerResult | undefined): number | null =>
  r?.task_success ? (r.task_success.majority ? 1 : 0) : null;

/** The highest value `current` may take: `band` widened by the threshold (null: off). */
export function limitOf(band: number, threshold: Threshold): number | null {
  switch (threshold.kind) {
    case 'off':
      return null;
    case 'relative':
      return band * (1 + threshold.fraction);
    case 'absolute':
      return band + threshold.value;
  }
}

/** Scenario results present (not absent) in both reports, in the PR's order. */
function bothRan(
  context: RuleContext,
): { id: string; cur: ScenarioServerResult; old: ScenarioServerResult }[] {
  if (!context.base) return [];
  const before = scenarioIndex(context.base);
  const pairs: { id: string; cur: ScenarioServerResult; old: ScenarioServerResult }[] = [];
  for (const s of context.report.scenarios)
    for (const cur of s.results) {
      const old = before.get(pairKey(cur.server, s.id))?.result;
      if (!cur.absent && old && !old.absent) pairs.push({ id: s.id, cur, old });
    }
  return pairs;
}

/** Suite rows present in both reports. */
function bothSuites(
  context: RuleContext,
): { suite: string; cur: SuiteServerResult; old: SuiteServerResult }[] {
  if (!context.base) return [];
  const before = suiteIndex(context.base);
  return context.report.suites.flatMap((s) =>
    s.results.flatMap((cur) => {
      const old = before.get(pairKey(cur.server, s.suite));
      return old ? [{ suite: s.suite, cur, old }] : [];
    }),
  );
}

/** A median regresses when it leaves the baseline's upper quartile widened by the threshold. */
function spreadRule(
  name: string,
  metric: 'tokens' | 'api_calls',
  threshold: (t: Thresholds) => Threshold,
): GateRule {
  return {
    name,
    absolute: false,
    check(context) {
      if (metric === 'tokens' && !context.tokensComparable) return {};
      const regressions: Regression[] = [];
      for (const { id, cur, old } of bothRan(context)) {
        const was: Spread | null = old[metric];
        const now: Spread | null = cur[metric];
        if (!was || !now) continue;
        const limit = limitOf(was.q3, threshold(context.thresholds));
        if (limit !== null && now.median > limit)
          regressions.push({
            metric,
            server: cur.server,
            where: `scenario:${id}`,
            baseline: was.median,
            current: now.median,
            limit,
          });
      }
      return { regressions };
    },
  };
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
  {
    name: 'suite-latency-p95',
    absolute: false,
    check(context) {
      const regressions: Regression[] = [];
      for (const { suite, cur, old } of bothSuites(context)) {
        if (!old.latency_ms || !cur.latency_ms) continue;
        const limit = limitOf(old.latency_ms.p95, context.thresholds.latencyP95);
        if (limit !== null && cur.latency_ms.p95 > limit)
          regressions.push({
            metric: 'latency_p95',
            server: cur.server,
            where: `suite:${suite}`,
            baseline: old.latency_ms.p95,
            current: cur.latency_ms.p95,
            limit,
          });
      }
      return { regressions };
    },
  },
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
  spreadRule('scenario-tokens', 'tokens', (t) => t.tokenUsage),
  spreadRule('scenario-api-calls', 'api_calls', (t) => t.apiCallCount),
];
