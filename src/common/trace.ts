import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';

/**
 * The run's timeline, for measuring where a scenario slot waits (`npm run bench:slot`): with
 * `HPE_MCP_BENCH_TRACE=<file>` in the harness's environment every traced step appends one JSON
 * line `{"ms":…,"event":…,…}` (milliseconds since the harness started, `performance.now()`)
 * to the file, with the slot and scenario it happened for (traceContext); without it trace()
 * returns at once. Synchronous on purpose: a line written later would date the next step.
 * Never part of a report.
 */
const file = process.env.HPE_MCP_BENCH_TRACE;

/** Whether the timeline is being written. */
export const tracing = file !== undefined && file !== '';

/** What every trace line inside `traceContext.run(labels, …)` is labelled with. */
export const traceContext = new AsyncLocalStorage<Record<string, string | number>>();

export function trace(event: string, fields: Record<string, string | number> = {}): void {
  if (!tracing) return;
  const ms = Math.round(performance.now() * 10) / 10;
  const line = JSON.stringify({ ms, event, ...traceContext.getStore(), ...fields });
  appendFileSync(file as string, `${line}\n`);
}
