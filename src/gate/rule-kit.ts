import type { Report, ScenarioServerResult, SuiteServerResult } from '../report/types.js';
import type { Threshold, Thresholds } from './thresholds.js';
import type { Regression, SettingDifference } from './types.js';

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
  /**
   * The comparable baseline's noise bands (noise-bands.ts `NoiseBands`: half-widths by pairKey,
   * then column id); empty without one.
   */
  bands: ReadonlyMap<string, Readonly<Record<string, number>>>;
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
export function bothRan(
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
export function bothSuites(
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
