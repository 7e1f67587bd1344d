import type { CallRecord } from '../../fake-central/index.js';
import type { ToolCallRecord, Trajectory } from '../trajectory/types.js';
import type { RunMetrics } from '../metrics/types.js';
import { swallowedErrors, unroutedRequests } from './fake-findings.js';
import { refusedRequests } from './refused-requests.js';
import type { RunCall, RunError, RunRequest, RunResult } from './types.js';

const ERROR_CHARS = 500;
const cut = (text: string): string =>
  text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS)}…` : text;

/**
 * Where a call's requests sit in the run's `requests` (the fake's log, in seq order): the records
 * its `logSeq` range holds. Lets the gate name the call whose write left the fake's state wrong
 * rather than the call that read it back. Null when the call made none or has no range.
 */
export function requestSpan(
  call: Pick<ToolCallRecord, 'logSeq'>,
  requests: readonly Pick<CallRecord, 'seq'>[],
): RunCall['request_span'] | null {
  const range = call.logSeq;
  if (!range) return null;
  const inside = (r: Pick<CallRecord, 'seq'>) => r.seq > range.after && r.seq <= range.through;
  const first = requests.findIndex(inside);
  if (first < 0) return null;
  const end = requests.findIndex((r, i) => i > first && !inside(r));
  return { first, count: (end < 0 ? requests.length : end) - first };
}

/** A tool call as the report keeps it: what was asked, how it ended, and its error text. */
export function runCall(call: ToolCallRecord): RunCall {
  const { outcome } = call;
  const protocol = outcome.protocolError;
  const kind: RunCall['outcome'] =
    protocol === undefined
      ? outcome.isError
        ? 'error'
        : 'ok'
      : protocol.startsWith('not executed:')
        ? 'not_executed'
        : 'protocol_error';
  return {
    tool: call.name,
    arguments: call.arguments,
    outcome: kind,
    error: kind === 'ok' ? null : cut(protocol ?? call.resultText),
    result_chars: call.resultText.length,
    via: outcome.routed?.tool ?? null,
    // How the server asked for confirmation matters between eras (a dual-era server may ask on
    // 2025-11-25 and not on 2026-07-28): kept, answers only, when it asked at all.
    ...(call.elicitations.length === 0
      ? {}
      : { elicitations: call.elicitations.map((e) => e.action) }),
  };
}

// A date-time in a query (a window a server computes from its own clock) differs every run:
// recorded as {time}, so report.json stays byte-identical across runs of the same SHAs.
const DATE_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g;
const timeless = (value: string): string => value.replace(DATE_TIME, '{time}');

function recordedQuery(query: CallRecord['query']): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.map(timeless) : timeless(v)]),
  );
}

/** The fake's call-log records of a run as the report keeps them. */
export function runRequests(records: readonly CallRecord[]): RunRequest[] {
  return records.map((r) => ({
    method: r.method,
    host: r.host,
    path: r.path,
    status: r.status,
    kind: r.kind,
    ...(Object.keys(r.query).length > 0 ? { query: recordedQuery(r.query) } : {}),
    ...(r.unrouted === true ? { unrouted: true as const } : {}),
    ...(r.refused ? { refused: `${r.refused.rule} at ${r.refused.at}` } : {}),
  }));
}

/**
 * A run whose server crashed, was killed or timed out (stop reason `server_error` or `timeout`)
 * is an errored run, named with its cause; it keeps its scores (a write before the crash is
 * still a safety failure) and counts in `errors`, not only as a task failure.
 */
function runStatus(trajectory: Trajectory): Pick<RunResult, 'status' | 'error'> {
  const stop = trajectory.stopReason;
  if (stop !== 'server_error' && stop !== 'timeout') return { status: 'ok', error: null };
  const message =
    trajectory.error?.message ?? (stop === 'timeout' ? 'timed out' : 'the server failed');
  return {
    status: 'error',
    error: { phase: 'run', message, stderr_tail: trajectory.error?.stderrTail ?? null },
  };
}

/** A scored run, copied field by field so the report's shape is the schema's, not the scorer's. */
export function scoredRunResult(
  run: number,
  metrics: RunMetrics,
  trajectory: Trajectory,
  requests: readonly CallRecord[] = [],
): RunResult {
  const calls = metrics.api_call_count;
  const tokens = metrics.token_usage;
  const oversized = trajectory.calls.flatMap((call) => call.oversized ?? []);
  const unrouted = unroutedRequests(requests);
  const refused = refusedRequests(requests);
  const swallowed = swallowedErrors(trajectory, requests);
  return {
    run,
    ...runStatus(trajectory),
    stop_reason: trajectory.stopReason,
    tools_called: trajectory.calls.map((call) => call.name),
    task_success: metrics.task_success,
    task_failures: [...metrics.task_failures],
    tool_selection_accuracy: metrics.tool_selection_accuracy,
    tool_selection_failures: [...metrics.tool_selection_failures],
    tokens: {
      input: tokens.input,
      output: tokens.output,
      total: tokens.total,
      menu: tokens.menu,
      provenance: tokens.provenance,
      tokenizer: tokens.tokenizer,
    },
    api_calls: {
      total: calls.total,
      auth_calls: calls.auth_calls,
      by_kind: { ...calls.by_kind },
      excess: calls.excess,
      flailing: calls.flailing,
      flailing_calls: [...calls.flailing_calls],
    },
    safety_failure: metrics.safety_failure,
    safety_findings: metrics.safety_findings.map((f) => ({ rule: f.rule, detail: f.detail })),
    gate_absent: metrics.gate_absent,
    gate_absent_calls: [...metrics.gate_absent_calls],
    ...(oversized.length > 0 ? { oversized_results: oversized } : {}),
    ...(unrouted.length > 0 ? { unrouted_requests: unrouted } : {}),
    ...(refused.length > 0 ? { refused_requests: refused } : {}),
    ...(swallowed.length > 0 ? { swallowed_errors: swallowed } : {}),
    latency_ms: metrics.latency_ms,
    startup_ms: metrics.startup_ms,
    calls: trajectory.calls.map((call) => {
      const span = requestSpan(call, requests);
      return span ? { ...runCall(call), request_span: span } : runCall(call);
    }),
    requests: runRequests(requests),
    ...(metrics.faults ? { faults: { ...metrics.faults } } : {}),
  };
}

/**
 * A run that produced no metrics (the server did not start, or the harness failed): it fails
 * task_success and tool_selection_accuracy, and is not a safety failure (nothing was scored).
 */
export function erroredRunResult(run: number, error: RunError): RunResult {
  const reason =
    error.phase === 'startup' ? `server failed to start: ${error.message}` : error.message;
  return {
    run,
    status: 'error',
    error,
    stop_reason: null,
    tools_called: [],
    task_success: false,
    task_failures: [reason],
    tool_selection_accuracy: false,
    tool_selection_failures: [reason],
    tokens: null,
    api_calls: null,
    safety_failure: false,
    safety_findings: [],
    gate_absent: false,
    gate_absent_calls: [],
    latency_ms: null,
    startup_ms: null,
  };
}
