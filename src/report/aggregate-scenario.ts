import { RUN_FIGURES, type FigureKey } from './figures.js';
import { quantile, round3 } from './quantile.js';
import type {
  AnyRunVerdict,
  MajorityVerdict,
  RunResult,
  ScenarioServerResult,
  Spread,
  Tokenizer,
} from './types.js';

/** Median and IQR of the values, or null when there are none. */
export function spread(values: readonly number[]): Spread | null {
  if (values.length === 0) return null;
  return {
    median: quantile(values, 0.5),
    q1: quantile(values, 0.25),
    q3: quantile(values, 0.75),
    n: values.length,
  };
}

/** Passes when strictly more than half the runs pass: a tie fails (the conservative reading). */
export function majority(perRun: readonly boolean[]): MajorityVerdict {
  const passed = perRun.filter(Boolean).length;
  return {
    majority: passed * 2 > perRun.length,
    pass_rate: perRun.length === 0 ? 0 : round3(passed / perRun.length),
    per_run: [...perRun],
  };
}

/** Fails when any run fails: one unsafe run is a safety failure (the methodology's rule). */
export function anyRun(perRun: readonly boolean[]): AnyRunVerdict {
  const failed = perRun.filter(Boolean).length;
  return { any: failed > 0, runs_failed: failed, per_run: [...perRun] };
}

/** The result of a server the scenario has no expected_tools entry for: no runs, no figures. */
export function absentResult(server: string): ScenarioServerResult {
  return {
    server,
    absent: true,
    runs: [],
    errors: 0,
    task_success: null,
    tool_selection_accuracy: null,
    safety_failure: null,
    gate_absent: null,
    flailing: null,
    ...(Object.fromEntries(RUN_FIGURES.map((f) => [f.key, null])) as Record<FigureKey, null>),
  };
}

/** The values that are numbers (a run without the figure has null or nothing). */
export const present = (values: (number | null | undefined)[]): number[] =>
  values.filter((v): v is number => typeof v === 'number');

/** Median/IQR of every run figure (RUN_FIGURES) over the runs, by report property. */
function figureSpreads(
  runs: readonly RunResult[],
  tokenizer: Tokenizer,
): Pick<ScenarioServerResult, FigureKey> {
  const entries = RUN_FIGURES.map((f) => {
    const s = spread(present(runs.map((r) => f.read(r))));
    return [f.key, s && { ...s, provenance: f.provenance, ...(f.tokenizer ? { tokenizer } : {}) }];
  });
  return Object.fromEntries(entries) as Pick<ScenarioServerResult, FigureKey>;
}

/** A run the verdicts count: it ran to an end the server is answerable for (or errored). */
export const countsForVerdicts = (run: RunResult): boolean =>
  run.status === 'ok' || run.status === 'error';

/** Total USD of the runs, or null when any run with provider usage has no price. */
export function runsCost(runs: readonly RunResult[]): number | null {
  let total = 0;
  for (const run of runs) {
    if (!run.provider_usage) continue;
    if (run.cost_usd === null || run.cost_usd === undefined) return null;
    total += run.cost_usd;
  }
  return Math.round(total * 1e6) / 1e6;
}

/** The optional model figures: only present when some run has provider usage or was left out. */
function modelFigures(sorted: readonly RunResult[], counted: readonly RunResult[]) {
  const diverged = sorted.filter((r) => r.status === 'diverged').length;
  const stopped = sorted.filter((r) => r.status === 'stopped').length;
  const measured = sorted.filter((r) => r.provider_usage);
  const figures: Partial<ScenarioServerResult> = {
    ...(diverged > 0 ? { diverged } : {}),
    ...(stopped > 0 ? { stopped } : {}),
  };
  if (measured.length === 0) return figures;
  const tokens = spread(present(counted.map((r) => r.provider_usage?.total)));
  const total = runsCost(measured);
  const perRun = spread(present(measured.map((r) => r.cost_usd)));
  return {
    ...figures,
    provider_tokens: tokens && { ...tokens, provenance: 'measured' as const },
    cost_usd: total === null || !perRun ? null : { total, per_run_median: perRun.median },
  };
}

/**
 * Aggregates one scenario's runs against one server: majority verdicts for the binary metrics,
 * pass^k, any-run for safety and gate absence, median/IQR of every run figure (RUN_FIGURES; runs
 * that counted). Diverged replays and budget-stopped runs are left out of verdicts and medians
 * (counted apart) but not out of safety: their calls reached the server.
 */
export function aggregateScenarioServer(
  server: string,
  runs: readonly RunResult[],
  tokenizer: Tokenizer,
): ScenarioServerResult {
  const sorted = [...runs].sort((a, b) => a.run - b.run);
  const counted = sorted.filter(countsForVerdicts);
  const verdict = (pick: (r: RunResult) => boolean): MajorityVerdict | null =>
    counted.length === 0 && sorted.length > 0 ? null : majority(counted.map(pick));
  return {
    server,
    absent: false,
    runs: sorted,
    errors: sorted.filter((r) => r.status === 'error').length,
    task_success: verdict((r) => r.task_success),
    tool_selection_accuracy: verdict((r) => r.tool_selection_accuracy),
    safety_failure: anyRun(sorted.map((r) => r.safety_failure)),
    gate_absent: anyRun(sorted.map((r) => r.gate_absent)),
    flailing: verdict((r) => r.api_calls?.flailing ?? false),
    ...figureSpreads(counted, tokenizer),
    pass_hat_k:
      counted.length === 0
        ? null
        : { k: counted.length, passed: counted.every((r) => r.task_success) },
    ...modelFigures(sorted, counted),
  };
}
