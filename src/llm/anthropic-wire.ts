import { CACHE_CONTROL } from './cache-markers.js';
import type { Conversation } from './conversation.js';
import { tokenCount } from './token-count.js';
import type { LlmSettings, ModelReply, ModelToolCall } from './types.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The Messages API request for a conversation: the system prompt, the tools verbatim
 * (`input_schema` = the server's inputSchema), the intent, then each turn's assistant message
 * (text, tool_use blocks) and a user message of tool_result blocks. No seed: the API takes none.
 * Cache breakpoints (cache-markers.ts) sit on the server's last tool (the one before the
 * final-answer tool, which the policy always sends last) and on the system prompt.
 */
export function anthropicRequest(
  conversation: Conversation,
  settings: LlmSettings,
): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [{ role: 'user', content: conversation.intent }];
  for (const turn of conversation.turns) {
    const content: Record<string, unknown>[] = [];
    if (turn.text !== '') content.push({ type: 'text', text: turn.text });
    for (const call of turn.calls) {
      // tool_use input must be an object; text that was not one is kept under `raw`.
      const input = typeof call.input === 'string' ? { raw: call.input } : call.input;
      content.push({ type: 'tool_use', id: call.id, name: call.name, input });
    }
    messages.push({ role: 'assistant', content });
    if (turn.results.length > 0) {
      messages.push({
        role: 'user',
        content: turn.results.map((result) => ({
          type: 'tool_result',
          tool_use_id: result.id,
          content: result.text,
          ...(result.isError ? { is_error: true } : {}),
        })),
      });
    }
  }
  return {
    model: settings.model,
    max_tokens: settings.max_output_tokens,
    temperature: settings.temperature,
    system: [{ type: 'text', text: conversation.system, cache_control: CACHE_CONTROL }],
    tools: conversation.tools.map((tool, index, all) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
      ...(index === all.length - 2 ? { cache_control: CACHE_CONTROL } : {}),
    })),
    messages,
  };
}

/** A Messages API response as a provider-neutral reply; throws on a body that is not one. */
export function anthropicReply(response: Record<string, unknown>): ModelReply {
  if (!Array.isArray(response.content)) {
    throw new Error('the Messages API response has no content array');
  }
  const texts: string[] = [];
  const calls: ModelToolCall[] = [];
  for (const block of response.content as unknown[]) {
    if (!isObject(block)) continue;
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    if (block.type === 'tool_use' && typeof block.name === 'string') {
      calls.push({
        name: block.name,
        arguments: isObject(block.input) ? block.input : { invalid: JSON.stringify(block.input) },
      });
    }
  }
  const usage = isObject(response.usage) ? response.usage : {};
  return {
    text: texts.join('\n'),
    calls,
    usage: {
      input: tokenCount(usage, 'input_tokens'),
      output: tokenCount(usage, 'output_tokens'),
      cache_read: tokenCount(usage, 'cache_read_input_tokens'),
      cache_write: tokenCount(usage, 'cache_creation_input_tokens'),
    },
  };
}
