import { mean, quantile, round3 } from './quantile.js';
import type {
  Fraction,
  MeanP95,
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

/**
 * One server over a set of scenarios. Fractions count scenarios the server ran (absent ones are
 * counted apart); means and p95 are over every scored run of those scenarios.
 */
export function aggregateServer(
  server: string,
  results: readonly ScenarioServerResult[],
  tokenizer: Tokenizer,
): SuiteServerResult {
  const ran = results.filter((r) => !r.absent);
  const runs = ran.flatMap((r) => r.runs);
  const scored = runs.filter((r) => r.status === 'ok');
  const count = (pick: (r: ScenarioServerResult) => boolean | undefined): number =>
    ran.filter((r) => pick(r) === true).length;
  const tokens = meanP95(scored.flatMap((r) => (r.tokens ? [r.tokens.total] : [])));
  const calls = meanP95(scored.flatMap((r) => (r.api_calls ? [r.api_calls.total] : [])));
  const latency = meanP95(scored.flatMap((r) => (r.latency_ms === null ? [] : [r.latency_ms])));
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
    tokens: tokens && { ...tokens, provenance: 'computed', tokenizer },
    api_calls: calls && { ...calls, provenance: 'measured (server-side)' },
    safety_failures: safetyFailures,
    safety_failure: safetyFailures > 0,
    gate_absent: count((r) => r.gate_absent?.any),
    flailing: count((r) => r.flailing?.majority),
    latency_ms: latency && { ...latency, provenance: 'measured' },
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
