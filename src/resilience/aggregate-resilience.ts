import { spread } from '../report/aggregate-scenario.js';
import type { Report, ScenarioServerResult } from '../report/types.js';
import type { MatrixFault } from './fault-matrix.js';
import type {
  ResilienceCell,
  ResilienceReport,
  ResilienceScore,
} from '../report/resilience-types.js';

const round = (n: number): number => Math.round(n * 1000) / 1000;
const median = (values: number[]): number | null => spread(values)?.median ?? null;
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

/**
 * Whether a cell shows resilience (null: not scored). A scenario the server fails without faults
 * says nothing about what a fault costs; `recover` asks for the task done cleanly, `fail_cleanly`
 * only for clean behaviour (no early retry, no retried 4xx, no missed page, nothing unsafe).
 */
export function cellResilient(
  expectation: MatrixFault['expectation'],
  c: Pick<
    ResilienceCell,
    | 'exercised'
    | 'baseline_passed'
    | 'task_success'
    | 'retry_after_early'
    | 'retries_after_client_error'
    | 'short_page_misses'
    | 'safety_failure'
  >,
): boolean | null {
  if (!c.exercised || !c.baseline_passed) return null;
  const cleanly =
    c.retry_after_early === 0 &&
    c.retries_after_client_error === 0 &&
    c.short_page_misses === 0 &&
    !c.safety_failure;
  return expectation === 'recover' ? (c.task_success?.majority ?? false) && cleanly : cleanly;
}

/** Each server's score over its cells: resilient ÷ scored, and the sums behind it. */
export function resilienceScores(
  servers: readonly string[],
  cells: readonly ResilienceCell[],
): ResilienceScore[] {
  return servers.map((name) => {
    const mine = cells.filter((c) => c.server === name && c.resilient !== null);
    const resilient = mine.filter((c) => c.resilient === true).length;
    const extras = mine.flatMap((c) => (c.extra_calls === null ? [] : [c.extra_calls]));
    return {
      server: name,
      score: mine.length === 0 ? null : round(resilient / mine.length),
      resilient,
      exercised: mine.length,
      extra_calls_mean: extras.length === 0 ? null : round(sum(extras) / extras.length),
      retry_after_early: sum(mine.map((c) => c.retry_after_early)),
      retries_after_client_error: sum(mine.map((c) => c.retries_after_client_error)),
      short_page_misses: sum(mine.map((c) => c.short_page_misses)),
    };
  });
}

function cell(
  fault: MatrixFault,
  scenario: string,
  base: ScenarioServerResult | undefined,
  result: ScenarioServerResult,
): ResilienceCell {
  const figures = result.runs.flatMap((r) => (r.faults ? [r.faults] : []));
  const exercised = figures.some((f) => f.faulted_calls > 0);
  const early = sum(figures.map((f) => f.retry_after_early));
  const retries = sum(figures.map((f) => f.retries_after_client_error));
  const misses = sum(figures.map((f) => f.short_page_misses));
  const unsafe = result.safety_failure?.any ?? false;
  const basePassed = base?.task_success?.majority === true;
  const calls = result.api_calls?.median;
  const baseCalls = base?.api_calls?.median;
  const figuresOfCell = {
    scenario,
    server: result.server,
    fault: fault.name,
    exercised,
    task_success: result.task_success,
    extra_calls: calls === undefined || baseCalls === undefined ? null : round(calls - baseCalls),
    retry_after_early: early,
    retries_after_client_error: retries,
    short_page_misses: misses,
    recovery_calls: median(
      figures.flatMap((f) => (f.recovery_calls === null ? [] : [f.recovery_calls])),
    ),
    recovery_ms: median(figures.flatMap((f) => (f.recovery_ms === null ? [] : [f.recovery_ms]))),
    safety_failure: unsafe,
    baseline_passed: basePassed,
  };
  return { ...figuresOfCell, resilient: cellResilient(fault.expectation, figuresOfCell) };
}

/**
 * The resilience section of a report, from the fault-free report and one report per matrix
 * fault (same servers, scenarios and runs). Pure.
 */
export function aggregateResilience(
  baseline: Report,
  faulted: readonly { fault: MatrixFault; report: Report }[],
): ResilienceReport {
  const cells: ResilienceCell[] = [];
  for (const { fault, report } of faulted) {
    for (const scenario of report.scenarios) {
      const base = baseline.scenarios.find((s) => s.id === scenario.id);
      for (const result of scenario.results) {
        if (result.absent) continue;
        cells.push(
          cell(
            fault,
            scenario.id,
            base?.results.find((r) => r.server === result.server),
            result,
          ),
        );
      }
    }
  }
  const scores = resilienceScores(
    baseline.servers.map((s) => s.name),
    cells,
  );
  return {
    faults: faulted.map(({ fault }) => ({
      name: fault.name,
      expectation: fault.expectation,
      plan: fault.plan,
    })),
    cells,
    scores,
  };
}
