import type { Scenario } from '../scenarios/types.js';
import type {
  FinalAnswer,
  ProviderUsage,
  ToolCallRecord,
  ToolCallRequest,
  ToolDefinition,
  TurnRecord,
} from '../trajectory/types.js';

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
