import {
  Client,
  LATEST_PROTOCOL_VERSION,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  specTypeSchemas,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/client';
import pkg from '../../../package.json' with { type: 'json' };
import type { ToolCallOutcome, ToolDefinition } from '../../trajectory/types.js';
import type { ProtocolChoice, ServerTimeouts } from '../../config/types.js';
import { BenchError } from '../../common/errors.js';
import type { WriteGate } from '../../scenarios/types.js';
import { answerElicitation } from './elicitation.js';
import { eraRefusal, MODERN_REVISIONS } from './era-refusal.js';
import { describeExit, type ExitInfo, type GroupProcess } from '../launch/process-group.js';
import type { StderrTail } from '../launch/stderr-tail.js';
import type { ServerSession } from '../types.js';
import { createServerTexts } from './server-texts.js';
import { createWireChecker, type WireChecker } from './wire-check.js';
import { trace } from '../../common/trace.js';

/**
 * How much of the start-up limit the era probe (`server/discover`, MCP 2026-07-28) leaves for the
 * fallback `initialize` and `tools/list` when a server never answers it: a quarter, at most this.
 * The probe itself may wait the rest. A server reads its stdin only once it has started, so a
 * silent probe means "still starting" far more often than "ignores requests before initialize":
 * a 2025-era server answers the probe with an error at once (the official TypeScript and Python
 * SDKs and FastMCP do), and a 2026-07-28 server that starts slowly (secure-ssid builds 736 tools
 * first: over 10 s at load 8 on 2 cores) must not be taken for a 2025-era one, which the
 * fallback `initialize` it then refuses would make a start-up failure. Only a server that
 * ignores requests before initialize pays the wait, once per start.
 */
const FALLBACK_RESERVE_MS = 15_000;

/** The probe's wait within a start-up limit of `startupMs` (see FALLBACK_RESERVE_MS). */
export function probeTimeoutMs(startupMs: number): number {
  return Math.max(1, startupMs - Math.min(FALLBACK_RESERVE_MS, startupMs / 4));
}

/** A spawned server and the transport to it, ready for the MCP handshake. */
export interface SessionInput {
  name: string;
  transport: Transport;
  process: GroupProcess;
  tail: StderrTail;
  writeGate: WriteGate;
  timeouts: ServerTimeouts;
  /** `performance.now()` when the process was spawned. */
  startedAt: number;
  /** How long close() lets the server exit on its own before signalling its group. */
  graceMs: number;
  /**
   * `auto` (the default): probe `server/discover` (MCP 2026-07-28), else `initialize`;
   * `legacy`: the 2025 handshake only (the bench config's `protocol: legacy`, or a server that
   * closed on the probe); `modern`: 2026-07-28 only, no fallback (`protocol: modern`).
   */
  era?: ProtocolChoice;
}

/**
 * The server closed the connection (exited) on the era probe, before any `initialize` was sent:
 * the shape of a 2025-era server that exits on a request it does not know. Over stdio the
 * harness starts it again with `era: 'legacy'` (launch-server.ts).
 */
export class ProbeClosedError extends BenchError {
  override name = 'ProbeClosedError';
}

/** How long a failed call waits for the server's exit before reporting the bare error. */
const EXIT_WAIT_MS = 500;

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** A promise that resolves after `ms` unless `signal` aborts first (then it never settles). */
function after<T>(ms: number, value: T, signal: AbortSignal): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(value), Math.max(0, ms));
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}

const message = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * A failed call in words. A JSON-RPC error the server answered keeps the form SDK 1.x gave it,
 * "MCP error <code>: <message>" (the v2 SDK's ProtocolError leaves the code out of its
 * message): the agent loop tells an answered error from a dead server by it
 * (src/agent/protocol-error.ts).
 */
function describeCallError(error: unknown): string {
  const text = message(error);
  if (!(error instanceof ProtocolError) || text.startsWith('MCP error ')) return text;
  return `MCP error ${error.code}: ${text}`;
}

function toToolDefinition(tool: Tool): ToolDefinition {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
    ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
  };
}

/**
 * Every page of tools/list, following nextCursor until it is absent. A tool the era's schema
 * refuses (no inputSchema, a name that is not a string…) never gets here: the wire check takes it
 * out of the page and records why (wire-check.ts), since a client cannot offer a model what it
 * cannot read.
 */
async function listAllTools(client: Client, deadline: number): Promise<ToolDefinition[]> {
  const tools: ToolDefinition[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const result = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      specTypeSchemas.ListToolsResult,
      { timeout: Math.max(1, deadline - performance.now()) },
    );
    for (const tool of result.tools) tools.push(toToolDefinition(tool));
    cursor = result.nextCursor;
    if (cursor !== undefined && seen.has(cursor)) {
      throw new Error(`tools/list returned the cursor ${JSON.stringify(cursor)} twice`);
    }
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return tools;
}

/**
 * Connects in either era: `server/discover` first (MCP 2026-07-28), else the 2025 `initialize`
 * on the same connection (the v2 client's `versionNegotiation: 'auto'`; `legacy`: initialize
 * only), then tells the wire check which era's schemas apply from here on.
 */
async function connect(
  client: Client,
  transport: Transport,
  wire: WireChecker,
  startupMs: number,
  mode: ProtocolChoice,
): Promise<void> {
  await client.connect(transport, {
    timeout: startupMs,
    // A cached verdict: no probe, the plain 2025 handshake.
    ...(mode === 'legacy' ? { prior: { kind: 'legacy' as const } } : {}),
  });
  wire.negotiated(
    client.getProtocolEra() ?? 'legacy',
    client.getNegotiatedProtocolVersion() ?? null,
  );
}

/** The transport errors the client reported (garbage on stdout, a broken stream), numbered. */
class TransportErrors {
  last: { message: string; seq: number } | undefined;
  seq = 0;

  record(error: Error): void {
    this.last = { message: error.message, seq: ++this.seq };
  }

  /** The latest error since `seq`, as a note, if it adds news to `already`. */
  since(seq: number, already = ''): string {
    return this.last && this.last.seq > seq && this.last.message !== already
      ? ` (${this.last.message})`
      : '';
  }
}

type ElicitationListener = Parameters<ServerSession['callTool']>[1];

/** A client on a spawned server, and what the session's steps share about it. */
interface LiveClient {
  input: SessionInput;
  client: Client;
  wire: WireChecker;
  errors: TransportErrors;
  /** The elicitation listeners of the calls in flight (calls run one at a time in the agent loop). */
  active: ElicitationListener[];
  close: () => Promise<void>;
  closing: () => boolean;
}

/** What the handshake came to: the tools, the server's exit, or the start-up limit. */
type Startup = Settled<ToolDefinition[]> | { exit: ExitInfo } | 'timeout';

/**
 * The client for `input`'s server: the era negotiation, the wire check on its transport, the
 * transport errors counted, the elicitation answers (by the scenario's write gate), and close().
 */
function createLiveClient(
  input: SessionInput,
  said: ReturnType<typeof createServerTexts>,
): LiveClient {
  const client = new Client(
    { name: 'hpe-mcp-bench', version: pkg.version },
    {
      capabilities: { elicitation: { form: {} } },
      versionNegotiation: {
        // `modern` pins the revision: the probe's answer decides, and there is no fallback.
        mode: input.era === 'modern' ? { pin: MODERN_REVISIONS[0] } : 'auto',
        probe: { timeoutMs: probeTimeoutMs(input.timeouts.startupMs) },
      },
    },
  );
  const wire = createWireChecker(LATEST_PROTOCOL_VERSION, (m, asked) => said.record(m, asked));
  wire.watch(input.transport);
  const errors = new TransportErrors();
  client.onerror = (error) => errors.record(error);

  const active: ElicitationListener[] = [];
  // On 2025-era sessions the server sends elicitation/create; on 2026-07-28 it answers the call
  // with input_required and the client fulfils it through this same handler.
  client.setRequestHandler('elicitation/create', (request) => {
    const params = request.params;
    const schema = 'requestedSchema' in params ? params.requestedSchema : {};
    const answer = answerElicitation(schema, input.writeGate);
    // Calls run one at a time in the agent loop; with several in flight, the newest asked.
    active.at(-1)?.(params.message, answer.action);
    return answer;
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      await client.close().catch(() => undefined);
      trace('close.client');
      await input.process.terminate({ graceMs: input.graceMs });
      trace('close.terminated', { exit: JSON.stringify(input.process.exitInfo() ?? null) });
    })());
  return { input, client, wire, errors, active, close, closing: () => closing !== undefined };
}

/** The handshake and every page of tools/list, raced against the server's exit and the limit. */
async function handshake(live: LiveClient): Promise<Startup> {
  const { input, client, wire } = live;
  const { timeouts } = input;
  const stop = new AbortController();
  const startup = await Promise.race([
    settle(
      (async () => {
        await connect(client, input.transport, wire, timeouts.startupMs, input.era ?? 'auto');
        return listAllTools(client, input.startedAt + timeouts.startupMs);
      })(),
    ),
    input.process.exited.then((exit) => ({ exit })),
    after(
      input.startedAt + timeouts.startupMs - performance.now(),
      'timeout' as const,
      stop.signal,
    ),
  ]);
  stop.abort();
  return startup;
}

/**
 * Why the server did not start, as the error to throw: ProbeClosedError when it closed on the
 * era probe before any initialize (launchServer then starts a stdio server again for the 2025
 * handshake alone), else BenchError('server_failed'); the stderr tail is the hint.
 */
function startupError(live: LiveClient, startup: Exclude<Startup, { ok: true }>): BenchError {
  const { input, wire, errors } = live;
  const { name, timeouts } = input;
  const why =
    startup === 'timeout'
      ? `did not start within ${timeouts.startupMs}ms`
      : 'exit' in startup
        ? `${describeExit(startup.exit)} before it finished starting`
        : `failed to start: ${eraRefusal(startup.error) ?? message(startup.error)}`;
  const text = input.tail.text();
  // The era probe's answer came after the probe gave up (the server was still starting), and
  // the fallback initialize then met a server of the other era: say what to change.
  const late = errors.last?.message.includes('"id":"server-discover-probe-') === true;
  const lateNote = late
    ? `; it answered the MCP era probe (server/discover) after the probe's ${probeTimeoutMs(timeouts.startupMs)} ms wait: raise timeouts.startupMs (the probe waits all of it but a quarter, at most 15 s)`
    : input.era === 'modern' && startup !== 'timeout' && !('exit' in startup)
      ? '; the bench config sets protocol: modern (MCP 2026-07-28 only, no fallback): remove it to let a 2025-era server start'
      : '';
  // It exited (or the negotiation failed) on the probe, before any initialize: launchServer
  // starts a stdio server again for the 2025 handshake alone.
  // (Under `protocol: modern` a refusal is the pinned negotiation's answer, not a closed pipe.)
  const closedOnProbe =
    input.era !== 'modern' &&
    startup !== 'timeout' &&
    ('exit' in startup || eraRefusal(startup.error) !== null) &&
    wire.sent('server/discover') &&
    !wire.sent('initialize');
  return new (closedOnProbe ? ProbeClosedError : BenchError)(
    'server_failed',
    `${name} ${closedOnProbe ? 'closed the connection on the MCP 2026-07-28 probe (server/discover)' : why}${lateNote}${errors.since(0)}`,
    { hint: text === '' ? `${name} wrote nothing on stderr` : `stderr tail:\n${text}` },
  );
}

const failure = (text: string): ToolCallOutcome => ({
  content: [],
  isError: false,
  protocolError: text,
});

/**
 * One tools/call within the call limit. A server that exits, hangs or answers an error gives an
 * outcome with `protocolError` in words (its exit and stderr tail, the limit it reached), never
 * a throw: the agent loop records it as the call's result.
 */
async function callTool(
  live: LiveClient,
  request: Parameters<ServerSession['callTool']>[0],
  onElicitation: ElicitationListener,
): Promise<ToolCallOutcome> {
  const { client, errors, active } = live;
  const { process: proc, timeouts, tail } = live.input;
  const tailNote = (lines = 10): string => {
    const text = tail.lastLines(lines);
    return text === '' ? '' : `; stderr:\n${text}`;
  };
  const exitMessage = (exit: ExitInfo, when: string) =>
    `the server ${describeExit(exit)}${when}${tailNote()}`;
  // A server that ran out of memory and then hung: name the limit, not the timeout.
  const timedOut = (seq: number): string => {
    const limit = proc.limitReached?.();
    return limit === undefined
      ? `timeout after ${timeouts.callMs}ms${errors.since(seq)}`
      : `the server reached ${limit} during the call and did not answer within ${timeouts.callMs}ms${errors.since(seq)}`;
  };
  const gone = proc.exitInfo();
  if (gone) return failure(exitMessage(gone, ''));
  if (live.closing()) return failure('the session is closed');
  const seq = errors.seq;
  active.push(onElicitation);
  const stopTimer = new AbortController();
  // Aborted only when the harness gives up, so a finished call is never "cancelled".
  const giveUp = new AbortController();
  try {
    const outcome = await Promise.race([
      settle(
        client.request(
          {
            method: 'tools/call',
            params: { name: request.name, arguments: request.arguments },
          },
          specTypeSchemas.CallToolResult,
          { timeout: timeouts.callMs, maxTotalTimeout: timeouts.callMs, signal: giveUp.signal },
        ),
      ),
      proc.exited.then((exit) => ({ exit })),
      // The SDK's own timer should fire first; this one guarantees no call outlives the limit.
      after(timeouts.callMs + 1000, 'timeout' as const, stopTimer.signal),
    ]);
    if (outcome === 'timeout' || 'exit' in outcome) giveUp.abort();
    if (outcome === 'timeout') return failure(timedOut(seq));
    if ('exit' in outcome) return failure(exitMessage(outcome.exit, ' during the call'));
    if (!outcome.ok) {
      const error = outcome.error;
      // Over HTTP a dying server resets the connection before its exit is seen: give the
      // exit a moment, so the report says "exited with code N" rather than "fetch failed".
      const exit =
        proc.exitInfo() ??
        (error instanceof ProtocolError
          ? undefined
          : await Promise.race([proc.exited, after(EXIT_WAIT_MS, undefined, stopTimer.signal)]));
      if (exit) return failure(exitMessage(exit, ' during the call'));
      if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
        return failure(timedOut(seq));
      }
      const text = describeCallError(error);
      return failure(`${text}${errors.since(seq, message(error))}`);
    }
    const result = outcome.value;
    return {
      content: result.content,
      ...(result.structuredContent === undefined
        ? {}
        : { structuredContent: result.structuredContent }),
      isError: result.isError === true,
    };
  } finally {
    stopTimer.abort();
    active.splice(active.indexOf(onElicitation), 1);
  }
}

/**
 * Runs the MCP handshake (initialize, then tools/list page by page) within the start-up limit
 * and returns the session. A server that exits, errs or stays silent is killed with its group
 * and reported as BenchError('server_failed') with its stderr tail as the hint.
 */
export async function openSession(input: SessionInput): Promise<ServerSession> {
  const said = createServerTexts();
  const live = createLiveClient(input, said);
  trace('handshake.start');
  const startup = await handshake(live);
  trace('handshake.end');
  if (startup === 'timeout' || 'exit' in startup || !startup.ok) {
    await live.close();
    throw startupError(live, startup);
  }
  const startupMs = Math.round(performance.now() - input.startedAt);
  const info = live.client.getServerVersion();
  const { wire } = live;
  return {
    serverInfo: { name: info?.name ?? input.name, version: info?.version ?? 'unknown' },
    tools: startup.value,
    startupMs,
    stderrTail: () => input.tail.text(),
    takeProtocolViolations: () => wire.take(),
    takeServerTexts: () => said.take(),
    protocolVersion: () => wire.protocolVersion(),
    protocolEra: () => wire.protocolEra(),
    close: live.close,
    callTool: (request, onElicitation) => callTool(live, request, onElicitation),
  };
}
