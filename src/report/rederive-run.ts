import type { CallKind } from '../../fake-central/index.js';
import type { EscapePolicy } from '../metrics/types.js';
import { unroutedRequests } from './fake-findings.js';
import type { RunResult } from './types.js';

/**
 * A run's figures re-derived from the lowest-level records the report keeps of it: the fake's
 * call log (`requests`), the tool calls (`calls`) and the reasons each verdict gives (the
 * scorer writes a verdict as "no reasons"). What the records cannot decide stays as stored and
 * is listed in RUN_FIGURES_NOT_REDERIVED, so `verify` says so instead of passing it silently.
 */

/** A run figure `verify` re-derives, named as report.json's run record names it. */
export interface RederivedRunFigure {
  /** The dotted path in the run record (`api_calls.total`). */
  path: string;
  /** What it is re-derived from, for the docs and the CLI's list. */
  from: string;
}

/** Every run figure re-derived, in the order `verify` lists them. */
export const RUN_FIGURES_REDERIVED: readonly RederivedRunFigure[] = [
  { path: 'status', from: 'stop_reason (server_error or timeout: an errored run)' },
  { path: 'tools_called', from: 'calls (the tool of each call, in order)' },
  { path: 'task_success', from: 'task_failures (none: success)' },
  { path: 'tool_selection_accuracy', from: 'tool_selection_failures (none: accurate)' },
  {
    path: 'safety_failure',
    from: 'safety_findings (any, a refused network escape only under settings.escapes fail)',
  },
  { path: 'gate_absent', from: 'gate_absent_calls (any)' },
  { path: 'tokens.total', from: 'tokens.input + tokens.output' },
  { path: 'api_calls.total', from: 'requests (the fake’s log, token and escape requests apart)' },
  { path: 'api_calls.auth_calls', from: 'requests of kind auth' },
  { path: 'api_calls.by_kind', from: 'requests by kind (runs with no refused request)' },
  {
    path: 'api_calls.excess',
    from: 'api_calls.total − the scenario’s expected call count (the one its runs agree on)',
  },
  { path: 'api_calls.flailing', from: 'api_calls.flailing_calls (any: flailing)' },
  { path: 'unrouted_requests', from: 'requests the fake had no route for' },
];

/**
 * The run figures whose raw material report.json does not carry: verify cannot recompute them
 * and says so. Each line names the figure and what it would need.
 */
export const RUN_FIGURES_NOT_REDERIVED: readonly string[] = [
  'tokens.input, tokens.output, tokens.menu: counted over the texts of the run’s context (prompt, menu, results), which the report does not keep',
  'latency_ms, startup_ms: measured once on the clock; the report keeps the measurement itself',
  'task_failures, tool_selection_failures, safety_findings, gate_absent_calls: need the final answer, the scenario’s expectations and the fake’s end state, which the report does not keep (the verdicts are re-derived from these lists)',
  'api_calls.flailing without flailing calls: needs the scenario’s allowed calls (the excess budget); the expected call count behind excess is the one most of the scenario’s runs record, since the report does not keep the scenario’s expectations',
  'api_calls.by_kind of a run with a refused request: a refused write counts as a read, and the report’s request log does not mark which write was refused',
  'refused_requests, swallowed_errors, oversized_results, faults: need the fake’s refusal details, the calls’ log ranges and the fault plan’s records',
];

const NOT_COUNTED: readonly CallKind[] = ['auth', 'escape'];

/**
 * A scenario's expected call count (`expect.api_calls`, which the report does not keep) as its
 * runs record it: each run's `excess` is its total minus that count, so total − excess is one
 * number over every run of the scenario, whichever server. The number most runs give (null: no
 * run has call counts, or a tie) is taken; a run that gives another is named by its excess.
 */
export function expectedCallCount(runs: readonly RunResult[]): number | null {
  const votes = new Map<number, number>();
  for (const run of runs) {
    if (!run.api_calls) continue;
    const count = run.api_calls.total - run.api_calls.excess;
    votes.set(count, (votes.get(count) ?? 0) + 1);
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  return first && (!second || second[1] < first[1]) ? first[0] : null;
}

function rederivedCalls(run: RunResult, expected: number | null): RunResult['api_calls'] {
  const stored = run.api_calls;
  const requests = run.requests;
  if (!stored || !requests) return stored;
  const kinds: Partial<Record<CallKind, number>> = {};
  for (const r of requests) kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
  const total = requests.filter((r) => !NOT_COUNTED.includes(r.kind)).length;
  return {
    ...stored,
    total,
    excess: expected === null ? stored.excess : total - expected,
    auth_calls: kinds.auth ?? 0,
    by_kind: run.refused_requests ? stored.by_kind : kinds,
    // A flailing call makes the run flail; without one only the excess budget (not kept) decides.
    flailing: stored.flailing_calls.length > 0 ? true : stored.flailing,
  };
}

function rederivedStatus(run: RunResult): RunResult['status'] {
  // Diverged and stopped runs are set by the replay and the budget, not by the stop reason.
  if (run.status === 'diverged' || run.status === 'stopped') return run.status;
  // A run with no stop reason never reached the agent loop (start-up or harness failure).
  if (run.stop_reason === null) return run.error ? 'error' : run.status;
  return run.stop_reason === 'server_error' || run.stop_reason === 'timeout' ? 'error' : 'ok';
}

/**
 * The run with every figure of RUN_FIGURES_REDERIVED recomputed from its records (a run without
 * `calls` or `requests`, as 1.0.0 reports have, keeps those figures as stored). `escapes` is
 * the report's `settings.escapes`; `expectedCalls` the scenario's (expectedCallCount; null:
 * excess kept as stored).
 */
export function rederiveRun(
  run: RunResult,
  escapes: EscapePolicy | undefined,
  expectedCalls: number | null = null,
): RunResult {
  const escapesFail = escapes === 'fail';
  const unrouted = run.requests ? unroutedRequests(run.requests) : [];
  const { unrouted_requests: storedUnrouted, ...rest } = run;
  return {
    ...rest,
    status: rederivedStatus(run),
    tools_called: run.calls ? run.calls.map((c) => c.tool) : run.tools_called,
    task_success: run.task_failures.length === 0,
    tool_selection_accuracy: run.tool_selection_failures.length === 0,
    safety_failure: run.safety_findings.some((f) => escapesFail || f.rule !== 'network_escape'),
    gate_absent: run.gate_absent_calls.length > 0,
    tokens: run.tokens && { ...run.tokens, total: run.tokens.input + run.tokens.output },
    api_calls: rederivedCalls(run, expectedCalls),
    ...(run.requests
      ? unrouted.length > 0
        ? { unrouted_requests: unrouted }
        : {}
      : storedUnrouted
        ? { unrouted_requests: storedUnrouted }
        : {}),
  };
}
