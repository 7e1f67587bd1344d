import type { Conversation } from './conversation.js';
import { tokenCount } from './token-count.js';
import type { LlmSettings, ModelReply, ModelToolCall } from './types.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The chat completions request for a conversation: system and user messages, each turn's
 * assistant message with `tool_calls` (arguments as the JSON text) and one `tool` message per
 * result; the tools as functions with the server's inputSchema as `parameters`, verbatim.
 * OpenAI's own endpoint gets `max_completion_tokens`; a compatible server (a base URL) gets
 * `max_tokens`, which vLLM, Ollama, LM Studio and llama.cpp all take.
 */
export function openaiRequest(
  conversation: Conversation,
  settings: LlmSettings,
): Record<string, unknown> {
  const messages: Record<string, unknown>[] = [
    { role: 'system', content: conversation.system },
    { role: 'user', content: conversation.intent },
  ];
  for (const turn of conversation.turns) {
    messages.push({
      role: 'assistant',
      content: turn.text === '' ? null : turn.text,
      ...(turn.calls.length > 0
        ? {
            tool_calls: turn.calls.map((call) => ({
              id: call.id,
              type: 'function',
              function: {
                name: call.name,
                arguments: typeof call.input === 'string' ? call.input : JSON.stringify(call.input),
              },
            })),
          }
        : {}),
    });
    for (const result of turn.results) {
      messages.push({ role: 'tool', tool_call_id: result.id, content: result.text });
    }
  }
  const limit =
    settings.base_url === null
      ? { max_completion_tokens: settings.max_output_tokens }
      : { max_tokens: settings.max_output_tokens };
  return {
    model: settings.model,
    messages,
    tools: conversation.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    })),
    temperature: settings.temperature,
    ...(settings.seed === null ? {} : { seed: settings.seed }),
    ...limit,
  };
}

function parseArguments(raw: unknown): ModelToolCall['arguments'] {
  if (typeof raw !== 'string') return { invalid: JSON.stringify(raw) ?? '' };
  if (raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return isObject(parsed) ? parsed : { invalid: raw };
  } catch {
    return { invalid: raw };
  }
}

/**
 * A chat completion as a provider-neutral reply (the first choice). `prompt_tokens` includes
 * cached tokens, so `input` is the uncached part and `cache_read` the cached one; OpenAI bills no
 * cache writes. Throws on a body that is not a completion.
 */
export function openaiReply(response: Record<string, unknown>): ModelReply {
  const choice: unknown = Array.isArray(response.choices) ? response.choices[0] : undefined;
  if (!isObject(choice) || !isObject(choice.message)) {
    throw new Error('the chat completion has no choices[0].message');
  }
  const message = choice.message;
  const calls: ModelToolCall[] = [];
  for (const call of Array.isArray(message.tool_calls) ? (message.tool_calls as unknown[]) : []) {
    if (!isObject(call) || !isObject(call.function)) continue;
    const fn = call.function;
    if (typeof fn.name !== 'string') continue;
    calls.push({ name: fn.name, arguments: parseArguments(fn.arguments) });
  }
  const usage = isObject(response.usage) ? response.usage : {};
  const details = isObject(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const cached = tokenCount(details, 'cached_tokens', 'usage.prompt_tokens_details');
  return {
    text: typeof message.content === 'string' ? message.content : '',
    calls,
    usage: {
      input: Math.max(0, tokenCount(usage, 'prompt_tokens') - cached),
      output: tokenCount(usage, 'completion_tokens'),
      cache_read: cached,
      cache_write: 0,
    },
  };
}
