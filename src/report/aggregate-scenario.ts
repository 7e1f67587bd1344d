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
    tokens: null,
    api_calls: null,
    latency_ms: null,
    startup_ms: null,
  };
}

const present = (values: (number | null | undefined)[]): number[] =>
  values.filter((v): v is number => typeof v === 'number');

/**
 * Aggregates one scenario's runs against one server: majority verdicts for the binary metrics,
 * any-run for safety and gate absence, median/IQR for tokens, calls and timings (scored runs only).
 */
export function aggregateScenarioServer(
  server: string,
  runs: readonly RunResult[],
  tokenizer: Tokenizer,
): ScenarioServerResult {
  const sorted = [...runs].sort((a, b) => a.run - b.run);
  const tokens = spread(present(sorted.map((r) => r.tokens?.total)));
  const calls = spread(present(sorted.map((r) => r.api_calls?.total)));
  const latency = spread(present(sorted.map((r) => r.latency_ms)));
  const startup = spread(present(sorted.map((r) => r.startup_ms)));
  return {
    server,
    absent: false,
    runs: sorted,
    errors: sorted.filter((r) => r.status === 'error').length,
    task_success: majority(sorted.map((r) => r.task_success)),
    tool_selection_accuracy: majority(sorted.map((r) => r.tool_selection_accuracy)),
    safety_failure: anyRun(sorted.map((r) => r.safety_failure)),
    gate_absent: anyRun(sorted.map((r) => r.gate_absent)),
    flailing: majority(sorted.map((r) => r.api_calls?.flailing ?? false)),
    tokens: tokens && { ...tokens, provenance: 'computed', tokenizer },
    api_calls: calls && { ...calls, provenance: 'measured (server-side)' },
    latency_ms: latency && { ...latency, provenance: 'measured' },
    startup_ms: startup && { ...startup, provenance: 'measured' },
  };
}
