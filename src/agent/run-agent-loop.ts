import type { Scenario } from '../scenarios/types.js';
import type { ServerSession } from '../servers/types.js';
import { checkStep } from './check-step.js';
import { raceAbort } from './deadline.js';
import { BudgetExceededError, LookupFailedError, PolicyDivergedError } from './stop-errors.js';
import { executeCall, notExecuted, type CallFailure } from './execute-call.js';
import type { Policy, PolicyStep } from './types.js';
import type {
  FinalAnswer,
  StopReason,
  ToolCallRecord,
  Trajectory,
  TurnRecord,
} from '../trajectory/types.js';

/** Policy turns before a run without a final answer stops with `turn_limit`. */
export const DEFAULT_MAX_TURNS = 20;
/** The run's deadline when the caller gives none (the bench config's `timeouts.scenarioMs`). */
export const DEFAULT_DEADLINE_MS = 300_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Input of {@link runAgentLoop}. */
export interface AgentLoopInput {
  /** A started server; the loop never closes it (the caller does, in `finally`). */
  session: ServerSession;
  policy: Policy;
  scenario: Scenario;
  server: string;
  run: number;
  /** Policy turns allowed, the final one included (default {@link DEFAULT_MAX_TURNS}). */
  maxTurns?: number;
  /** Milliseconds from the intent until the run stops with `timeout` (default 300 000). */
  deadlineMs?: number;
  /**
   * The highest seq in the fake's call log, e.g. `() => fake.calls().at(-1)?.seq ?? 0`. When
   * given, every call records the log records made during it (`logSeq`), which lets scoring tie
   * an API write to the tool call that did or did not ask for confirmation.
   */
  callLogSeq?: () => number;
}

type RunError = NonNullable<Trajectory['error']>;

interface Stop {
  reason: StopReason;
  error?: RunError;
}

const describeError = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * Runs one scenario against one started server: shows the policy the tool menu and the
 * transcript, executes the calls it asks for in order through `session.callTool`, and stops at
 * a final answer (`final`), after `maxTurns` turns (`turn_limit`), at the deadline (`timeout`,
 * also when the session reports a call timed out), when the server dies (`server_error`, with
 * its stderr tail) or when the policy throws or returns nonsense (`policy_error`). A protocol
 * error from a live server (unknown tool, invalid arguments) is an ordinary result the policy
 * sees. Never throws. `latencyMs` runs from the intent to the stop; `startupMs` is the session's.
 */
export async function runAgentLoop(input: AgentLoopInput): Promise<Trajectory> {
  const { session, policy, scenario, server, run } = input;
  const maxTurns = input.maxTurns ?? DEFAULT_MAX_TURNS;
  const deadlineMs = input.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const started = performance.now();
  const elapsedMs = (): number => performance.now() - started;
  const controller = new AbortController();
  // setTimeout fires at once for delays beyond 2^31 − 1 ms; a longer deadline is no deadline.
  const timer = setTimeout(() => controller.abort(), Math.min(deadlineMs, MAX_TIMER_MS));
  const context = {
    session,
    signal: controller.signal,
    elapsedMs,
    callLogSeq: input.callLogSeq,
  };
  const calls: ToolCallRecord[] = [];
  const turns: TurnRecord[] = [];
  let answer: FinalAnswer | null = null;

  const withStderr = (message: string): RunError => {
    const tail = session.stderrTail();
    return tail === '' ? { message } : { message, stderrTail: tail };
  };
  const callStop = (failure: CallFailure, record: ToolCallRecord): Stop => {
    const call = `call #${record.index} (${record.name})`;
    switch (failure.kind) {
      case 'deadline':
        return {
          reason: 'timeout',
          error: withStderr(`the scenario deadline of ${deadlineMs} ms passed during ${call}`),
        };
      case 'timed_out':
        return { reason: 'timeout', error: withStderr(`${call} timed out: ${failure.message}`) };
      case 'dead':
        return {
          reason: 'server_error',
          error: withStderr(`the server failed during ${call}: ${failure.message}`),
        };
    }
  };

  async function drive(): Promise<Stop> {
    for (let turn = 0; turn < maxTurns; turn++) {
      let step: PolicyStep;
      try {
        const raced = await raceAbort(
          policy.next({
            scenario,
            server,
            tools: session.tools,
            calls: calls.slice(),
            turns: turns.slice(),
            turn,
            signal: controller.signal,
          }),
          controller.signal,
        );
        if (raced.timedOut) {
          return {
            reason: 'timeout',
            error: { message: `the scenario deadline of ${deadlineMs} ms passed in turn ${turn}` },
          };
        }
        step = checkStep(raced.value);
      } catch (error) {
        if (error instanceof PolicyDivergedError) {
          return { reason: 'diverged', error: { message: error.message } };
        }
        if (error instanceof BudgetExceededError) {
          return { reason: 'budget', error: { message: error.message } };
        }
        if (error instanceof LookupFailedError) {
          answer = error.answer;
          turns.push({ index: turn, callIndexes: [], text: error.answer.text });
          return { reason: 'failed_lookup', error: { message: error.message } };
        }
        const message = `policy ${policy.info.name} failed in turn ${turn}: ${describeError(error)}`;
        return { reason: 'policy_error', error: { message } };
      }
      const usage = step.usage ? { usage: step.usage } : {};
      if (step.type === 'final') {
        answer = step.answer;
        turns.push({ index: turn, callIndexes: [], text: step.answer.text, ...usage });
        return { reason: 'final' };
      }
      const record: TurnRecord = { index: turn, callIndexes: [], text: step.text ?? '', ...usage };
      turns.push(record);
      let stop: Stop | undefined;
      for (const request of step.calls) {
        const index = calls.length;
        record.callIndexes.push(index);
        if (stop) {
          calls.push(notExecuted(request, index, turn, 'the run had stopped', elapsedMs()));
          continue;
        }
        if (controller.signal.aborted) {
          calls.push(notExecuted(request, index, turn, 'the deadline had passed', elapsedMs()));
          stop = {
            reason: 'timeout',
            error: { message: `the scenario deadline of ${deadlineMs} ms passed in turn ${turn}` },
          };
          continue;
        }
        const executed = await executeCall(context, request, index, turn);
        calls.push(executed.record);
        if (executed.failure) stop = callStop(executed.failure, executed.record);
      }
      if (stop) return stop;
    }
    return {
      reason: 'turn_limit',
      error: { message: `no final answer after ${maxTurns} turns (the turn limit)` },
    };
  }

  let stop: Stop;
  try {
    stop = await drive();
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  const latencyMs = Math.round(elapsedMs() * 1000) / 1000;
  return {
    scenarioId: scenario.id,
    server,
    run,
    tools: session.tools,
    turns,
    calls,
    answer,
    stopReason: stop.reason,
    ...(stop.error ? { error: stop.error } : {}),
    latencyMs,
    startupMs: session.startupMs,
  };
}
