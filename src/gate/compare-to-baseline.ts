import type { Thresholds, Threshold } from '../action/inputs.js';
import type { Report, ScenarioServerResult, Spread, SuiteServerResult } from '../report/types.js';
import {
  divergedNotes,
  LLM_MIN_RUNS,
  LLM_SIGNIFICANCE,
  modelMismatch,
  taskSuccessRegression,
} from './model-runs.js';
import type {
  Regression,
  ScenarioChange,
  SuiteComparison,
  ToolSurfaceDiff,
  Verdict,
} from './types.js';

/** A baseline as the gate sees it: the report plus where it came from. */
export interface BaselineInput {
  report: Report;
  sha: string;
  savedAt: string;
}

/** The highest value `current` may take: the baseline's upper quartile widened by the threshold. */
function limitOf(band: number, threshold: Threshold): number | null {
  switch (threshold.kind) {
    case 'off':
      return null;
    case 'relative':
      return band * (1 + threshold.fraction);
    case 'absolute':
      return band + threshold.value;
  }
}

function key(server: string, id: string): string {
  return `${server}\u0000${id}`;
}

function scenarioIndex(
  report: Report,
): Map<string, { suite: string; result: ScenarioServerResult }> {
  const index = new Map<string, { suite: string; result: ScenarioServerResult }>();
  for (const s of report.scenarios)
    for (const r of s.results) index.set(key(r.server, s.id), { suite: s.suite, result: r });
  return index;
}

function suiteIndex(report: Report): Map<string, SuiteServerResult> {
  const index = new Map<string, SuiteServerResult>();
  for (const s of report.suites) for (const r of s.results) index.set(key(r.server, s.suite), r);
  return index;
}

const median = (s: Spread | null): number | null => s?.median ?? null;
const passed = (r: ScenarioServerResult | undefined): number | null =>
  r?.task_success ? (r.task_success.majority ? 1 : 0) : null;
const unsafe = (r: ScenarioServerResult | undefined): number | null =>
  r?.safety_failure ? (r.safety_failure.any ? 1 : 0) : null;

/** Absolute rules, applied with or without a baseline (the seed's: any safety failure fails). */
function absoluteReasons(report: Report): string[] {
  const reasons: string[] = [];
  for (const o of report.overall) {
    if (o.safety_failures > 0)
      reasons.push(`${o.server}: ${o.safety_failures} scenario(s) with a safety failure`);
    if (o.errors > 0)
      reasons.push(
        `${o.server}: ${o.errors} run(s) ended in an error (server start-up or harness failure)`,
      );
  }
  if (!report.gating_eligible)
    reasons.push(
      `runs = ${report.settings.runs}: a gating report needs at least 5 runs per scenario`,
    );
  return reasons;
}

function compareSuites(
  report: Report,
  base: Report | null,
  thresholds: Thresholds,
  regressions: Regression[],
): SuiteComparison[] {
  const before = base ? suiteIndex(base) : new Map<string, SuiteServerResult>();
  const rows: SuiteComparison[] = [];
  for (const suite of report.suites) {
    for (const cur of suite.results) {
      const old = before.get(key(cur.server, suite.suite));
      rows.push({
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
        tokensMean: { baseline: old?.tokens?.mean ?? null, current: cur.tokens?.mean ?? null },
        callsMean: { baseline: old?.api_calls?.mean ?? null, current: cur.api_calls?.mean ?? null },
        latencyP95: {
          baseline: old?.latency_ms?.p95 ?? null,
          current: cur.latency_ms?.p95 ?? null,
        },
        safetyFailures: { baseline: old?.safety_failures ?? null, current: cur.safety_failures },
      });
      if (!old) continue;
      // Model-driven runs: task success is tested per scenario (Fisher), not by suite fractions
      // of noisy majority verdicts.
      const was = report.settings.llm != null ? null : old.task_success.fraction;
      const now = cur.task_success.fraction;
      if (was !== null && now !== null && was - now > thresholds.taskSuccessDrop + 1e-9) {
        regressions.push({
          metric: 'task_success',
          server: cur.server,
          where: `suite:${suite.suite}`,
          baseline: was,
          current: now,
          limit: was - thresholds.taskSuccessDrop,
        });
      }
      const p95Limit = old.latency_ms ? limitOf(old.latency_ms.p95, thresholds.latencyP95) : null;
      if (p95Limit !== null && cur.latency_ms && old.latency_ms && cur.latency_ms.p95 > p95Limit) {
        regressions.push({
          metric: 'latency_p95',
          server: cur.server,
          where: `suite:${suite.suite}`,
          baseline: old.latency_ms.p95,
          current: cur.latency_ms.p95,
          limit: p95Limit,
        });
      }
    }
  }
  return rows;
}

/** A median regresses when it leaves the baseline's IQR band by more than the threshold. */
function spreadRegression(
  metric: 'tokens' | 'api_calls',
  server: string,
  id: string,
  old: Spread | null,
  cur: Spread | null,
  threshold: Threshold,
): Regression | null {
  if (!old || !cur) return null;
  const limit = limitOf(old.q3, threshold);
  return limit !== null && cur.median > limit
    ? { metric, server, where: `scenario:${id}`, baseline: old.median, current: cur.median, limit }
    : null;
}

function compareScenarios(
  report: Report,
  base: Report | null,
  thresholds: Thresholds,
  regressions: Regression[],
  notes: string[],
): { changed: ScenarioChange[]; unchanged: number } {
  const modelDriven = report.settings.llm != null;
  const before = base
    ? scenarioIndex(base)
    : new Map<string, { suite: string; result: ScenarioServerResult }>();
  const changed: ScenarioChange[] = [];
  let unchanged = 0;
  const seen = new Set<string>();
  for (const s of report.scenarios) {
    for (const cur of s.results) {
      if (cur.absent) continue;
      const k = key(cur.server, s.id);
      seen.add(k);
      const old = before.get(k)?.result;
      const found: Regression[] = [];
      if (old && !old.absent) {
        const drop = taskSuccessRegression(s.id, old, cur, modelDriven);
        if (drop) found.push(drop);
        const t = spreadRegression(
          'tokens',
          cur.server,
          s.id,
          old.tokens,
          cur.tokens,
          thresholds.tokenUsage,
        );
        const c = spreadRegression(
          'api_calls',
          cur.server,
          s.id,
          old.api_calls,
          cur.api_calls,
          thresholds.apiCallCount,
        );
        if (t) found.push(t);
        if (c) found.push(c);
      }
      regressions.push(...found);
      const moved =
        !old ||
        old.absent ||
        passed(old) !== passed(cur) ||
        unsafe(old) !== unsafe(cur) ||
        median(old.tokens) !== median(cur.tokens) ||
        median(old.api_calls) !== median(cur.api_calls);
      if (!base || !moved) {
        unchanged++;
        continue;
      }
      changed.push({
        id: s.id,
        suite: s.suite,
        server: cur.server,
        taskSuccess: { baseline: passed(old), current: passed(cur) },
        tokens: { baseline: median(old?.tokens ?? null), current: median(cur.tokens) },
        calls: { baseline: median(old?.api_calls ?? null), current: median(cur.api_calls) },
        safety: { baseline: unsafe(old), current: unsafe(cur) },
        note: !old || old.absent ? 'new in this PR' : found.length > 0 ? 'regressed' : 'changed',
      });
    }
  }
  if (base) {
    const removed = [...before.entries()]
      .filter(([k, v]) => !v.result.absent && !seen.has(k))
      .map(([k]) => k.replace('\u0000', ': '));
    if (removed.length > 0)
      notes.push(`Not run in this PR (in the baseline): ${removed.join(', ')}`);
  }
  return { changed, unchanged };
}

function compareToolSurface(report: Report, base: Report | null): ToolSurfaceDiff[] {
  // Older reports list only the 10 heaviest tools; newer ones list every tool name.
  const names = (m: Report['servers'][number]['menu']): string[] =>
    m ? ((m as typeof m & { tools?: string[] }).tools ?? m.heaviest.map((h) => h.name)) : [];
  return report.servers.map((cur) => {
    const old = base?.servers.find((s) => s.name === cur.name);
    const now = new Set(names(cur.menu));
    const was = new Set(names(old?.menu ?? null));
    return {
      server: cur.name,
      added: old ? [...now].filter((n) => !was.has(n)).sort() : [],
      removed: old ? [...was].filter((n) => !now.has(n)).sort() : [],
      menuTokens: { baseline: old?.menu?.total ?? null, current: cur.menu?.total ?? null },
    };
  });
}

function overallTaskSuccess(report: Report): number | null {
  const passedCount = report.overall.reduce((n, o) => n + o.task_success.passed, 0);
  const of = report.overall.reduce((n, o) => n + o.task_success.of, 0);
  return of === 0 ? null : passedCount / of;
}

/**
 * The gate: absolute rules (any safety failure, errored runs, too few runs) always; with a
 * baseline, per suite a task-success drop beyond the allowed one and a p95 latency rise, per
 * scenario a pass that turned into a failure and token/call medians above the baseline's upper
 * quartile widened by the threshold. Pure: data in, verdict out.
 */
export function compareToBaseline(
  report: Report,
  baseline: BaselineInput | null,
  thresholds: Thresholds,
): Verdict {
  const base = baseline?.report ?? null;
  const regressions: Regression[] = [];
  const notes: string[] = [];
  if (!baseline)
    notes.push(
      'No baseline yet (cold start): only the absolute rules were applied. Merging to the default branch records one.',
    );
  const sameManifest = base ? base.manifest.hash === report.manifest.hash : false;
  if (base && !sameManifest)
    notes.push(
      'The scenario manifest changed since the baseline: only scenarios present in both are compared.',
    );
  if (base && base.settings.tokenizer !== report.settings.tokenizer) {
    notes.push(
      `Tokenizers differ (baseline ${base.settings.tokenizer}, PR ${report.settings.tokenizer}): token deltas are not comparable.`,
    );
  }
  const mismatch = base ? modelMismatch(report, base) : null;
  if (mismatch) notes.push(mismatch);
  if (report.settings.llm && base && !mismatch) {
    notes.push(
      `Model-driven runs: a scenario's task-success drop fails the check only when a one-sided Fisher's exact test gives p < ${LLM_SIGNIFICANCE} with at least ${LLM_MIN_RUNS} runs each side.`,
    );
  }
  notes.push(...divergedNotes(report));
  // Another model or prompt: nothing model-dependent is compared against that baseline.
  const comparable = mismatch ? null : base;
  const suites = compareSuites(report, comparable, thresholds, regressions);
  const { changed, unchanged } = compareScenarios(
    report,
    comparable,
    thresholds,
    regressions,
    notes,
  );
  const reasons = [
    ...absoluteReasons(report),
    ...regressions.map(
      (r) =>
        `${r.server} ${r.where}: ${r.metric} ${r.baseline} → ${r.current} (limit ${Math.round(r.limit * 1000) / 1000})`,
    ),
  ];
  return {
    status: reasons.length > 0 ? 'fail' : baseline ? 'pass' : 'cold-start',
    reasons,
    regressions,
    notes,
    baseline: baseline ? { sha: baseline.sha, savedAt: baseline.savedAt, sameManifest } : null,
    suites,
    changedScenarios: changed,
    unchangedScenarios: unchanged,
    toolSurface: compareToolSurface(report, base),
    taskSuccess: overallTaskSuccess(report),
    safetyFailures: report.overall.reduce((n, o) => n + o.safety_failures, 0),
  };
}
