import type { ToolCallOutcome, ToolCallRequest, ToolDefinition } from '../trajectory/types.js';
import type { ServerText } from './client/server-texts.js';
import type { ProtocolEra, ProtocolViolation } from './client/wire-check.js';

/** How the harness answers a server's confirmation request (elicitation) in this scenario. */
export type ElicitationAnswer = 'accept' | 'decline';

/** A started server under test with an initialised MCP client. */
export interface ServerSession {
  /** Name and version the server reported at initialize. */
  serverInfo: { name: string; version: string };
  tools: ToolDefinition[];
  /** Process start → initialize → tools/list, in milliseconds. */
  startupMs: number;
  /**
   * Calls a tool; elicitations the server sends meanwhile are answered per the scenario's gate
   * and reported through `onElicitation`. Never throws for a tool or protocol error: those come
   * back in the outcome; a dead server comes back as a protocolError too.
   */
  callTool(
    request: ToolCallRequest,
    onElicitation: (message: string, action: 'accept' | 'decline' | 'cancel') => void,
  ): Promise<ToolCallOutcome>;
  /**
   * Messages the server sent that its MCP revision's schema refuses since the last take (the
   * first take includes start-up), each with its count (wire-check.ts). Absent on sessions that
   * are not checked (test stubs).
   */
  takeProtocolViolations?(): ProtocolViolation[];
  /**
   * What the server sent besides results' content and its menu (instructions, `_meta`,
   * annotations, notifications, error data), for the leak scan: start-up text and what came
   * since the last take (server-texts.ts). Absent on sessions that are not checked.
   */
  takeServerTexts?(): ServerText[];
  /** The protocol version the server negotiated at initialize (null if none was seen). */
  protocolVersion?(): string | null;
  /** The era it negotiated: `modern` (MCP 2026-07-28, server/discover) or `legacy` (initialize). */
  protocolEra?(): ProtocolEra | null;
  /** The last lines the server wrote on stderr (for error reports). */
  stderrTail(): string;
  /**
   * Connection attempts the sandbox blocked (to any address but the fake) since the process
   * started; undefined when the server is not sandboxed or the count cannot be read. Read it
   * before close().
   */
  blockedConnections?(): number | undefined;
  /** Closes the client and kills the server's whole process group; idempotent. */
  close(): Promise<void>;
}
