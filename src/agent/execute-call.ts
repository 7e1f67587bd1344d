import type { ServerSession } from '../servers/types.js';
import { raceAbort } from './deadline.js';
import { classifyProtocolError } from './protocol-error.js';
import { capResultText } from './result-cap.js';
import { resultText } from './result-text.js';
import type {
  ElicitationEvent,
  ToolCallOutcome,
  ToolCallRecord,
  ToolCallRequest,
} from '../trajectory/types.js';

/** What a call needs from the loop. */
export interface CallContext {
  session: ServerSession;
  /** Aborted at the run's deadline. */
  signal: AbortSignal;
  /** Milliseconds since the intent. */
  elapsedMs: () => number;
  /** The fake's latest call-log seq, when the loop was given a cursor. */
  callLogSeq: (() => number) | undefined;
}

/** Why a call ended the run. */
export type CallFailure =
  { kind: 'deadline' } | { kind: 'timed_out'; message: string } | { kind: 'dead'; message: string };

const round = (ms: number): number => Math.round(ms * 1000) / 1000;
const failed = (protocolError: string): ToolCallOutcome => ({
  content: [],
  isError: true,
  protocolError,
});

/**
 * Runs one requested call through the session: elicitations are recorded against its index,
 * the deadline interrupts a call that hangs, and a protocol error from a timed-out or dead
 * server comes back as a failure that ends the run.
 */
export async function executeCall(
  context: CallContext,
  request: ToolCallRequest,
  index: number,
  turn: number,
): Promise<{ record: ToolCallRecord; failure?: CallFailure }> {
  const elicitations: ElicitationEvent[] = [];
  const after = context.callLogSeq?.();
  const startedAtMs = context.elapsedMs();
  let outcome: ToolCallOutcome;
  let failure: CallFailure | undefined;
  try {
    const pending = context.session.callTool(
      { name: request.name, arguments: request.arguments },
      (message, action) => elicitations.push({ callIndex: index, message, action }),
    );
    const raced = await raceAbort(pending, context.signal);
    if (raced.timedOut) {
      outcome = failed('timed out: the scenario deadline passed during this call');
      failure = { kind: 'deadline' };
    } else {
      outcome = raced.value;
    }
  } catch (error) {
    // The session promises never to throw; if it does, the server is in no state to go on.
    const message = `the MCP session threw: ${error instanceof Error ? error.message : String(error)}`;
    outcome = failed(message);
    failure = { kind: 'dead', message };
  }
  if (failure === undefined && outcome.protocolError !== undefined) {
    const kind = classifyProtocolError(outcome.protocolError);
    if (kind !== 'answered') failure = { kind, message: outcome.protocolError };
  }
  const durationMs = round(context.elapsedMs() - startedAtMs);
  const capped = capResultText(resultText(outcome), `call #${index} (${request.name})`);
  const record: ToolCallRecord = {
    index,
    turn,
    name: request.name,
    arguments: request.arguments,
    outcome,
    resultText: capped.text,
    elicitations,
    startedAtMs: round(startedAtMs),
    durationMs,
  };
  if (capped.oversized !== undefined) record.oversized = capped.oversized;
  if (after !== undefined && context.callLogSeq) {
    record.logSeq = { after, through: Math.max(after, context.callLogSeq()) };
  }
  return failure === undefined ? { record } : { record, failure };
}

/** A call the policy asked for but the run stopped before: it still counts as selected. */
export function notExecuted(
  request: ToolCallRequest,
  index: number,
  turn: number,
  reason: string,
  atMs: number,
): ToolCallRecord {
  const outcome = failed(`not executed: ${reason}`);
  return {
    index,
    turn,
    name: request.name,
    arguments: request.arguments,
    outcome,
    resultText: resultText(outcome),
    elicitations: [],
    startedAtMs: round(atMs),
    durationMs: 0,
  };
}
