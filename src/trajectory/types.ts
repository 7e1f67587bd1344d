// The record of a run: the tool menu, the calls and their outcomes, the turns and the final
// answer. The agent loop produces it; servers, metrics, tokens, llm and report read it. It lives
// apart from the loop so that those modules depend on the data, not on the loop (no folder cycle).

/** A tool as the server lists it (MCP `tools/list`), kept verbatim for token accounting. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A tool call a policy asks for. */
export interface ToolCallRequest {
  name: string;
  arguments: Record<string, unknown>;
}

/** The server's confirmation request during a tool call, and how the harness answered it. */
export interface ElicitationEvent {
  /** Index of the tool call during which the server asked. */
  callIndex: number;
  message: string;
  action: 'accept' | 'decline' | 'cancel';
}

/** What a tool call returned: MCP CallToolResult content, or the protocol error instead. */
export interface ToolCallOutcome {
  /** MCP content blocks as returned (text, json, images…). */
  content: unknown[];
  structuredContent?: unknown;
  /** The tool reported an error (`isError: true`) — a normal result, not a protocol failure. */
  isError: boolean;
  /** A JSON-RPC / transport failure (unknown tool, bad arguments, server died): no result. */
  protocolError?: string;
  /**
   * Set when the call went through a router meta tool (bench config `router`): which one, and
   * whether it answered that the server has no such tool (then the call is not a selection).
   */
  routed?: { tool: string; unknownTool: boolean };
}

/** One executed tool call. */
export interface ToolCallRecord {
  index: number;
  /** The policy turn that asked for it. */
  turn: number;
  name: string;
  arguments: Record<string, unknown>;
  outcome: ToolCallOutcome;
  /**
   * Text of the result as a model would read it (content text blocks joined, else JSON), cut to
   * MAX_RESULT_CHARS (src/agent/result-cap.ts).
   */
  resultText: string;
  /** Set when `resultText` was cut: what was cut (the full result stays in `outcome`). */
  oversized?: string;
  elicitations: ElicitationEvent[];
  /** Milliseconds from the intent to the call's start, and the call's own duration. */
  startedAtMs: number;
  durationMs: number;
  /**
   * The fake's call-log records made during this call: `after < seq <= through`. Set when the
   * loop was given a call-log cursor; scoring uses it to tie API writes to confirmations.
   */
  logSeq?: { after: number; through: number };
}

/** The final answer: free text plus the JSON object validated against `result_schema`. */
export interface FinalAnswer {
  text: string;
  json: Record<string, unknown>;
}

/** Token usage a model provider reported for one turn (LLM policies only). */
export interface ProviderUsage {
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache (billed apart). */
  cacheReadTokens?: number;
  /** Input tokens written to the provider's prompt cache (billed apart). */
  cacheWriteTokens?: number;
}

/** One policy turn: the calls it asked for (empty on the final turn) and any text it wrote. */
export interface TurnRecord {
  index: number;
  callIndexes: number[];
  /** Assistant text of the turn (the final answer's text on the last turn). */
  text: string;
  /** What the provider reported for this turn, when the policy is a model. */
  usage?: ProviderUsage;
}

/** Why the loop stopped. */
export type StopReason =
  | 'final'
  | 'turn_limit'
  | 'timeout'
  | 'server_error'
  | 'policy_error'
  /** A replayed run's request no longer matched the recording (see PolicyDivergedError). */
  | 'diverged'
  /** The bench's budget (cost or tokens) was spent (see BudgetExceededError). */
  | 'budget'
  /**
   * A scripted plan step could not take its argument from an earlier call's result (the lookup
   * found nothing): the server's failure, scored on the answer from the results so far.
   */
  | 'failed_lookup';

/** Everything one run of one scenario against one server produced, apart from the call log. */
export interface Trajectory {
  scenarioId: string;
  server: string;
  run: number;
  tools: ToolDefinition[];
  turns: TurnRecord[];
  calls: ToolCallRecord[];
  answer: FinalAnswer | null;
  stopReason: StopReason;
  /** Set when the run failed for a reason outside the server's answers (crash, hang, policy). */
  error?: { message: string; stderrTail?: string };
  /** Intent → final answer, wall clock (excludes server start-up). */
  latencyMs: number;
  /** Server process start + MCP initialize + tools/list. */
  startupMs: number;
}
