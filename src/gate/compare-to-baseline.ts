import type { Report, ScenarioServerResult, SuiteServerResult } from '../report/types.js';
import { columnId, figure, FIGURE_COLUMNS } from '../report/figures.js';
import { GATE_RULES } from './rules.js';
import {
  pairKey,
  passed,
  scenarioIndex,
  suiteIndex,
  type GateRule,
  type RuleContext,
} from './rule-kit.js';
import { compareDiscoverability } from './compare-discoverability.js';
import { divergedNotes, LLM_MIN_RUNS, LLM_SIGNIFICANCE } from './model-runs.js';
import { differencesNote, settingDifferences } from './comparability.js';
import type { Thresholds } from './thresholds.js';
import type { Regression, ScenarioChange, SuiteComparison, Verdict } from './types.js';
import { compareResilience } from './compare-resilience.js';
import { checkRenames } from './check-renames.js';
import { applyRenames, declaredChanges } from './missing-in-pr.js';
import { callDiffs } from './call-diff.js';
import { regressedTools } from './regressed-tools.js';
import { serverProvenance } from './server-provenance.js';
import { describeRegression } from './limit-words.js';
import { nothingInCommon, selectedBaseline } from './selected-subset.js';
import { compareSweeps, sweepReasons } from './compare-sweep.js';
import { figureDeltas, movedBeyondNoise } from './figure-deltas.js';
import { noiseBands, type NoiseBands } from './noise-bands.js';
import { serverHeadlines } from './server-headlines.js';
import { compareToolSurface } from './compare-tool-surface.js';
import { environmentChanges } from './environment-diff.js';

/** A baseline as the gate sees it: the report plus where it came from. */
export interface BaselineInput {
  report: Report;
  sha: string;
  savedAt: string;
  /** When the PR ran (ms since the epoch; its report's generated_at), for the baseline's age; absent: not shown. */
  now?: number;
}

const unsafe = (r: ScenarioServerResult | undefined): number | null =>
  r?.safety_failure ? (r.safety_failure.any ? 1 : 0) : null;

function compareSuites(
  report: Report,
  base: Report | null,
  tokens: boolean,
  bands: NoiseBands,
): SuiteComparison[] {
  const before = base ? suiteIndex(base) : new Map<string, SuiteServerResult>();
  return report.suites.flatMap((suite) =>
    suite.results.map((cur) => {
      const old = before.get(pairKey(cur.server, suite.suite));
      return {
        suite: suite.suite,
        server: cur.server,
        taskSuccess: {
          baseline: old?.task_success.fraction ?? null,
          current: cur.task_success.fraction,
        },
        toolSelection: {
          baseline: old?.tool_selection_accuracy.fraction ?? null,
          current: cur.tool_selection_accuracy.fraction,
        },
        figures: figureDeltas(FIGURE_COLUMNS.commentSuites, old, cur, tokens, bands, {
          server: cur.server,
          where: `suite:${suite.suite}`,
        }),
        safetyFailures: { baseline: old?.safety_failures ?? null, current: cur.safety_failures },
      };
    }),
  );
}

function compareScenarios(
  report: Report,
  base: Report | null,
  tokens: boolean,
  regressions: readonly Regression[],
  bands: NoiseBands,
): { changed: ScenarioChange[]; unchanged: number } {
  const before = base
    ? scenarioIndex(base)
    : new Map<string, { suite: string; result: ScenarioServerResult }>();
  const regressed = new Set(regressions.map((r) => pairKey(r.server, r.where)));
  const changed: ScenarioChange[] = [];
  let unchanged = 0;
  for (const s of report.scenarios) {
    for (const cur of s.results) {
      if (cur.absent) continue;
      const k = pairKey(cur.server, s.id);
      const old = before.get(k)?.result;
      const figures = figureDeltas(FIGURE_COLUMNS.commentScenarios, old, cur, tokens, bands, {
        server: cur.server,
        where: `scenario:${s.id}`,
      });
      const moved =
        !old ||
        old.absent ||
        passed(old) !== passed(cur) ||
        unsafe(old) !== unsafe(cur) ||
        FIGURE_COLUMNS.commentScenarios.some((c) => {
          const d = figures[columnId(c)];
          return (tokens || !figure(c.key).tokenizer) && d !== undefined && movedBeyondNoise(d);
        });
      if (!base || !moved) {
        unchanged++;
        continue;
      }
      changed.push({
        id: s.id,
        suite: s.suite,
        server: cur.server,
        taskSuccess: { baseline: passed(old), current: passed(cur) },
        figures,
        safety: { baseline: unsafe(old), current: unsafe(cur) },
        note:
          !old || old.absent
            ? 'new in this PR'
            : regressed.has(pairKey(cur.server, `scenario:${s.id}`))
              ? 'regressed'
              : 'changed',
      });
    }
  }
  return { changed, unchanged };
}

function overallTaskSuccess(report: Report): number | null {
  const passedCount = report.overall.reduce((n, o) => n + o.task_success.passed, 0);
  const of = report.overall.reduce((n, o) => n + o.task_success.of, 0);
  return of === 0 ? null : passedCount / of;
}

/**
 * The verdict: every rule of `rules` (GATE_RULES: the absolute rules always; with a baseline, a
 * suite task-success drop beyond the allowed one, a suite p95 latency rise, a scenario whose pass
 * turned into a failure, token/call medians above the baseline's upper quartile widened by the
 * threshold), plus the rows the comment shows. Pure: data in, verdict out.
 */
export function compareToBaseline(
  report: Report,
  baseline: BaselineInput | null,
  thresholds: Thresholds,
  rules: readonly GateRule[] = GATE_RULES,
): Verdict {
  if (baseline) checkRenames(report, baseline.report, thresholds.renames);
  const renamed = baseline ? applyRenames(baseline.report, thresholds.renames) : null;
  const subset = renamed ? selectedBaseline(report, renamed) : null;
  const base = subset?.base ?? null;
  const notes: string[] = baseline ? declaredChanges(thresholds) : [];
  if (subset?.note) notes.push(subset.note);
  const ageDays =
    baseline?.now === undefined
      ? null
      : Math.max(
          0,
          Math.round(((baseline.now - Date.parse(baseline.savedAt)) / 86_400_000) * 10) / 10,
        );
  if (ageDays !== null && ageDays > thresholds.baselineMaxAgeDays)
    notes.push(
      `The baseline is ${ageDays} days old, more than baseline-max-age (${thresholds.baselineMaxAgeDays}): the default branch has not saved one since; its figures may not reflect main.`,
    );
  if (!baseline)
    notes.push(
      'No baseline yet (cold start): only the absolute rules were applied. Merging to the default branch records one.',
    );
  const sameManifest = base ? base.manifest.hash === report.manifest.hash : false;
  if (base && !sameManifest)
    notes.push(
      'The scenario manifest changed since the baseline: only scenarios present in both are compared.',
    );
  const differences = base ? settingDifferences(report, base) : [];
  const refused = differences.length > 0 && thresholds.notComparable === 'fail';
  const tokensComparable = !differences.some((d) => d.affects === 'tokens');
  const modelComparable = !differences.some((d) => d.affects === 'model');
  if (differences.length > 0 && !refused) notes.push(differencesNote(differences));
  if (report.settings.llm && base && modelComparable && !refused) {
    notes.push(
      `Model-driven runs: a scenario's task-success drop fails the check only when a one-sided Fisher's exact test gives p < ${LLM_SIGNIFICANCE} with at least ${LLM_MIN_RUNS} runs each side.`,
    );
  }
  notes.push(...divergedNotes(report));
  // Not comparable (rule `fail`), or another model or prompt: no metric is compared against that
  // baseline; the not-comparable rule names each difference instead.
  const comparable = refused || !modelComparable ? null : base;
  // The scenario and suite tables compare with `base` even when it is not comparable: its bands
  // are its runs' spread either way.
  const bands: NoiseBands = base ? noiseBands(base) : new Map<string, Record<string, number>>();
  const context: RuleContext = {
    report,
    base: comparable,
    anyBase: base,
    thresholds,
    tokensComparable,
    differences,
    bands: comparable ? bands : new Map<string, Record<string, number>>(),
  };
  const reasons: string[] = [];
  const regressions: Regression[] = [];
  for (const rule of rules) {
    if (!rule.absolute && !comparable) continue;
    const found = rule.check(context);
    reasons.push(...(found.reasons ?? []));
    regressions.push(...(found.regressions ?? []));
    notes.push(...(found.notes ?? []));
  }
  reasons.push(...regressions.map(describeRegression));
  if (subset?.note && renamed) reasons.push(...nothingInCommon(report, renamed, base));
  const sweep = compareSweeps(report, comparable, thresholds.retired.tools);
  reasons.push(...sweepReasons(sweep));
  const { changed, unchanged } = compareScenarios(
    report,
    base,
    tokensComparable,
    regressions,
    bands,
  );
  return {
    status: reasons.length > 0 ? 'fail' : baseline ? 'pass' : 'cold-start',
    reasons,
    regressions,
    toolRegressions: regressedTools(report, comparable, regressions),
    provenance: serverProvenance(report, renamed),
    callDiffs: callDiffs(report, comparable, regressions),
    notes,
    baseline: baseline
      ? { sha: baseline.sha, savedAt: baseline.savedAt, sameManifest, ageDays }
      : null,
    comparability: base ? { rule: thresholds.notComparable, differences } : null,
    suites: compareSuites(report, comparable, tokensComparable, bands),
    changedScenarios: changed,
    unchangedScenarios: unchanged,
    toolSurface: compareToolSurface(report, base, tokensComparable),
    discoverability: compareDiscoverability(report, base),
    resilience: compareResilience(report, base),
    sweep,
    taskSuccess: overallTaskSuccess(report),
    servers: serverHeadlines(report, comparable, regressions),
    environment: environmentChanges(report, base),
    safetyFailures: report.overall.reduce((n, o) => n + o.safety_failures, 0),
  };
}
