import type { ToolDefinition } from '../trajectory/types.js';

/** A tool call in the transcript, as the model made it (provider-side name). */
export interface ConversationCall {
  /** Our own id (`call_<turn>_<k>`), so a request depends on the transcript, not on provider ids. */
  id: string;
  name: string;
  /** The arguments object, or the raw text the model wrote when it was not a JSON object. */
  input: Record<string, unknown> | string;
}

/** What a tool call returned, as the model is shown it. */
export interface ConversationResult {
  id: string;
  text: string;
  isError: boolean;
}

/** One earlier turn: what the model said and asked for, and what the tools answered. */
export interface ConversationTurn {
  text: string;
  calls: ConversationCall[];
  results: ConversationResult[];
}

/** A tool as the provider is sent it: the server's definition under its provider-side name. */
export interface ConversationTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** Everything a request is built from, in provider-neutral form. */
export interface Conversation {
  system: string;
  tools: ConversationTool[];
  intent: string;
  turns: ConversationTurn[];
}

/** The server's tools under their provider-side names, verbatim otherwise, in tools/list order. */
export function conversationTools(
  tools: readonly ToolDefinition[],
  toProvider: ReadonlyMap<string, string>,
): ConversationTool[] {
  return tools.map((tool) => ({
    name: toProvider.get(tool.name) ?? tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
  }));
}

/** Canonical JSON: object keys sorted at every depth, so equal requests hash equally. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
}
