import type { Report, RunResult, ScenarioServerResult } from './types.js';

const MAX_CHARS = 200;
const short = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_CHARS ? `${line.slice(0, MAX_CHARS)}…` : line;
};

/**
 * The first reason a run did not pass, from the report alone: the run's error (start-up or
 * harness), else its first tool call that did not return a result (with the error text), else
 * why it stopped without an answer, else the first task or tool-selection failure. Null for a
 * run that passed both.
 */
export function runFailureCause(run: RunResult): string | null {
  if (run.status === 'error') {
    return short(
      `${run.error?.phase === 'startup' ? 'start-up: ' : ''}${run.error?.message ?? 'error'}`,
    );
  }
  if (run.task_success && run.tool_selection_accuracy) return null;
  // A request the real API would refuse explains the rest (the call failed, the write is missing).
  const refused = run.refused_requests?.[0];
  if (refused) return short(`the API would refuse ${refused.operation} (${refused.message})`);
  const failed = (run.calls ?? []).findIndex((call) => call.outcome !== 'ok');
  const call = run.calls?.[failed];
  if (call) {
    const via = call.via === null ? '' : ` via ${call.via}`;
    return short(`call #${failed} ${call.tool}${via} ${call.outcome}: ${call.error ?? ''}`);
  }
  if (run.stop_reason === 'failed_lookup' && run.task_failures[0] !== undefined)
    return short(run.task_failures[0]);
  if (run.stop_reason !== null && run.stop_reason !== 'final') return `stopped: ${run.stop_reason}`;
  const reason = run.task_failures[0] ?? run.tool_selection_failures[0];
  return reason === undefined ? null : short(reason);
}

/** A server × scenario that did not pass (by majority), with the cause seen in its first failing run. */
export interface FailureCause {
  server: string;
  scenario: string;
  cause: string;
}

const failing = (r: ScenarioServerResult): boolean =>
  !r.absent &&
  (r.task_success?.majority === false || r.tool_selection_accuracy?.majority === false);

/** Every non-passing, non-absent server × scenario of a report with its cause, in report order. */
export function failureCauses(report: Report): FailureCause[] {
  return report.scenarios.flatMap((scenario) =>
    scenario.results.filter(failing).map((result) => {
      const cause = result.runs.map(runFailureCause).find((c) => c !== null) ?? 'no cause recorded';
      return { server: result.server, scenario: scenario.id, cause };
    }),
  );
}
