import type { Scenario } from '../scenarios/types.js';

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
}

/** One executed tool call. */
export interface ToolCallRecord {
  index: number;
  /** The policy turn that asked for it. */
  turn: number;
  name: string;
  arguments: Record<string, unknown>;
  outcome: ToolCallOutcome;
  /** Text of the result as a model would read it (content text blocks joined, else JSON). */
  resultText: string;
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
  | 'budget';

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

/** What a policy sees before each turn. */
export interface PolicyContext {
  scenario: Scenario;
  server: string;
  tools: readonly ToolDefinition[];
  /** Calls executed so far, in order, with their results. */
  calls: readonly ToolCallRecord[];
  /** Earlier turns (the assistant's own text and which calls each asked for). */
  turns: readonly TurnRecord[];
  turn: number;
  /** Aborted when the run's deadline passes: a model request should stop with it. */
  signal: AbortSignal;
}

/** A policy's decision for one turn. */
export type PolicyStep =
  | { type: 'tool_calls'; calls: ToolCallRequest[]; text?: string; usage?: ProviderUsage }
  | { type: 'final'; answer: FinalAnswer; usage?: ProviderUsage };

/** How a policy describes itself in the report (model fields only for LLM policies). */
export interface PolicyInfo {
  name: 'scripted' | 'llm' | 'replay';
  model?: string;
  temperature?: number;
  seed?: number;
}

/**
 * Decides the next step of the agent loop. The scripted policy replays `plans.<server>`; an LLM
 * or replay policy implements the same interface, so the loop and the scoring never change.
 */
export interface Policy {
  readonly info: PolicyInfo;
  next(context: PolicyContext): Promise<PolicyStep>;
}
