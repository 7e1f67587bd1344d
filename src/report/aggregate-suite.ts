import { present, runsCost } from './aggregate-scenario.js';
import { RUN_FIGURES, type SuiteFigureKey } from './figures.js';
import { mean, quantile, round3 } from './quantile.js';
import type {
  Fraction,
  MeanP95,
  RunResult,
  ScenarioReport,
  ScenarioServerResult,
  SuiteReport,
  SuiteServerResult,
  Tokenizer,
} from './types.js';

function fraction(passed: number, of: number): Fraction {
  return { fraction: of === 0 ? null : round3(passed / of), passed, of };
}

function meanP95(values: readonly number[]): MeanP95 | null {
  if (values.length === 0) return null;
  return { mean: mean(values), p95: quantile(values, 0.95), n: values.length };
}

type SuiteFigures = Pick<SuiteServerResult, SuiteFigureKey>;

/** Mean/p95 of every per-suite run figure (RUN_FIGURES) over the runs, by report property. */
function figureMeans(runs: readonly RunResult[], tokenizer: Tokenizer): SuiteFigures {
  const entries = RUN_FIGURES.filter((f) => f.perSuite).map((f) => {
    const m = meanP95(present(runs.map((r) => f.read(r))));
    return [f.key, m && { ...m, provenance: f.provenance, ...(f.tokenizer ? { tokenizer } : {}) }];
  });
  return Object.fromEntries(entries) as SuiteFigures;
}

/**
 * One server over a set of scenarios. Fractions count scenarios the server ran (absent ones are
 * counted apart); means and p95 are over every scored run of those scenarios.
 */
export function aggregateServer(
  server: string,
  results: readonly ScenarioServerResult[],
  tokenizer: Tokenizer,
): SuiteServerResult {
  const present = results.filter((r) => !r.absent);
  // A scenario whose every run diverged or was stopped has no verdicts: it is not counted.
  const ran = present.filter((r) => r.task_success !== null || r.runs.length === 0);
  const runs = ran.flatMap((r) => r.runs);
  const scored = runs.filter((r) => r.status === 'ok');
  const allRuns = present.flatMap((r) => r.runs);
  const count = (pick: (r: ScenarioServerResult) => boolean | undefined): number =>
    ran.filter((r) => pick(r) === true).length;
  // tokens and api_calls sit before the counts in report.json, the later figures after them:
  // the order reports have always had.
  const { tokens, api_calls, ...laterFigures } = figureMeans(scored, tokenizer);
  const safetyFailures = count((r) => r.safety_failure?.any);
  return {
    server,
    scenarios: ran.length,
    absent: results.length - ran.length,
    errors: runs.filter((r) => r.status === 'error').length,
    task_success: fraction(
      count((r) => r.task_success?.majority),
      ran.length,
    ),
    tool_selection_accuracy: fraction(
      count((r) => r.tool_selection_accuracy?.majority),
      ran.length,
    ),
    tokens,
    api_calls,
    safety_failures: safetyFailures,
    safety_failure: safetyFailures > 0,
    gate_absent: count((r) => r.gate_absent?.any),
    flailing: count((r) => r.flailing?.majority),
    ...laterFigures,
    pass_hat_k: fraction(
      count((r) => r.pass_hat_k?.passed),
      ran.filter((r) => r.pass_hat_k).length,
    ),
    ...modelFigures(allRuns, scored),
  };
}

/** Diverged/stopped counts, provider tokens and cost, only when some run has them. */
function modelFigures(
  allRuns: readonly RunResult[],
  scored: readonly RunResult[],
): Partial<SuiteServerResult> {
  const diverged = allRuns.filter((r) => r.status === 'diverged').length;
  const stopped = allRuns.filter((r) => r.status === 'stopped').length;
  const figures: Partial<SuiteServerResult> = {
    ...(diverged > 0 ? { diverged } : {}),
    ...(stopped > 0 ? { stopped } : {}),
  };
  const measured = allRuns.filter((r) => r.provider_usage);
  if (measured.length === 0) return figures;
  const tokens = meanP95(scored.flatMap((r) => (r.provider_usage ? [r.provider_usage.total] : [])));
  const total = runsCost(measured);
  const successes = scored.filter((r) => r.task_success).length;
  return {
    ...figures,
    provider_tokens: tokens && { ...tokens, provenance: 'measured' as const },
    cost_usd:
      total === null
        ? null
        : {
            total,
            per_successful_task:
              successes === 0 ? null : Math.round((total / successes) * 1e6) / 1e6,
          },
  };
}

/**
 * Per suite (in order of first appearance) and overall, one row per server in `servers` order.
 */
export function aggregateSuites(
  scenarios: readonly ScenarioReport[],
  servers: readonly string[],
  tokenizer: Tokenizer,
): { suites: SuiteReport[]; overall: SuiteServerResult[] } {
  const names = [...new Set(scenarios.map((s) => s.suite))];
  const resultsOf = (list: readonly ScenarioReport[], server: string) =>
    list.flatMap((s) => s.results.filter((r) => r.server === server));
  const suites = names.map((suite) => {
    const members = scenarios.filter((s) => s.suite === suite);
    return {
      suite,
      scenarios: members.length,
      results: servers.map((server) =>
        aggregateServer(server, resultsOf(members, server), tokenizer),
      ),
    };
  });
  const overall = servers.map((server) =>
    aggregateServer(server, resultsOf(scenarios, server), tokenizer),
  );
  return { suites, overall };
}
