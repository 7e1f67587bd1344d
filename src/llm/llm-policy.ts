import type { Policy, PolicyContext, PolicyStep } from '../agent/types.js';
import type { FinalAnswer, ToolCallRequest } from '../trajectory/types.js';
import { anthropicReply, anthropicRequest } from './anthropic-wire.js';
import {
  conversationTools,
  type Conversation,
  type ConversationCall,
  type ConversationTurn,
} from './conversation.js';
import { openaiReply, openaiRequest } from './openai-wire.js';
import { FINAL_ANSWER_TOOL, llmSystemPrompt } from './system-prompt.js';
import { mapToolNames, type ToolNameMap } from './tool-names.js';
import type { LlmSettings, MeasuredUsage, ModelReply, ModelTransport } from './types.js';

/** One model exchange, as the cassette recorder and the budget see it. */
export interface Exchange {
  turn: number;
  request: Record<string, unknown>;
  response: Record<string, unknown>;
  usage: MeasuredUsage;
}

/** Input of {@link createLlmPolicy}. */
export interface LlmPolicyOptions {
  settings: LlmSettings;
  transport: ModelTransport;
  /** Called before each request; throws (e.g. BudgetExceededError) to stop the run. */
  beforeRequest?: () => void;
  /** Called after each exchange (cassette recording, budget accounting). */
  onExchange?: (exchange: Exchange) => void | Promise<void>;
  /** Reported as the policy's name: `replay` when the transport answers from a cassette. */
  name?: 'llm' | 'replay';
}

/** What the policy remembers of a turn: the model's reply and which calls went to the loop. */
interface Remembered {
  text: string;
  calls: ConversationCall[];
  /** Per call: null when it was executed (its result comes from the live transcript), else the error shown. */
  rejected: (string | null)[];
}

/** The largest tool-call arguments a model may send a server (JSON bytes): 256 KiB. */
export const MAX_TOOL_ARGUMENT_BYTES = 262_144;

const isInvalid = (args: ModelReply['calls'][number]['arguments']): args is { invalid: string } =>
  Object.keys(args).length === 1 && typeof (args as { invalid?: unknown }).invalid === 'string';

/** A JSON object found in free text (a model that answered without the final-answer tool). */
function jsonInText(text: string): Record<string, unknown> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return {};
  try {
    const parsed: unknown = JSON.parse(text.slice(start, end + 1));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The final-answer tool's name: `final_answer` unless the server lists a tool of that name. */
function finalToolName(serverTools: readonly string[]): string {
  let name = FINAL_ANSWER_TOOL;
  for (let n = 2; serverTools.includes(name); n++) name = `${FINAL_ANSWER_TOOL}_${n}`;
  return name;
}

/**
 * A model-driven policy, for one run (it remembers the model's replies; create one per run). Each
 * turn's request is rebuilt from the live transcript: the server's tools verbatim under
 * provider-safe names, the intent, then every earlier reply and the results the tools returned.
 * The model answers by calling the final-answer tool, whose input schema is the scenario's
 * `result_schema`; that input is the answer (validated by scoring: a bad one fails the task).
 * A reply without tool calls is a final answer too (any JSON object in its text is the answer).
 * A call with arguments that are not a JSON object is not executed: the model is shown an error
 * for it in the next turn. A name the menu lacks goes to the server as it is (which rejects it).
 */
export function createLlmPolicy(options: LlmPolicyOptions): Policy & { names(): ToolNameMap } {
  const { settings, transport } = options;
  const memory: Remembered[] = [];
  let names: ToolNameMap | undefined;
  let finalTool = FINAL_ANSWER_TOOL;

  function conversation(context: PolicyContext): Conversation {
    const serverNames = context.tools.map((tool) => tool.name);
    if (!names) {
      finalTool = finalToolName(serverNames);
      names = mapToolNames([...serverNames, finalTool]);
    }
    const map = names;
    const tools = conversationTools(context.tools, map.toProvider);
    tools.push({
      name: map.toProvider.get(finalTool) ?? finalTool,
      description: 'Give your final answer. Call it once, alone, when you are done.',
      inputSchema: context.scenario.result_schema ?? { type: 'object' },
    });
    const turns: ConversationTurn[] = memory.map((remembered, index) => {
      const executed = context.turns[index]?.callIndexes ?? [];
      let next = 0;
      const results = remembered.calls.map((call, k) => {
        const rejected = remembered.rejected[k];
        if (rejected !== null && rejected !== undefined) {
          return { id: call.id, text: rejected, isError: true };
        }
        const record = context.calls[executed[next++] ?? -1];
        return {
          id: call.id,
          text: record?.resultText ?? 'Error: not executed',
          isError: record?.outcome.isError ?? true,
        };
      });
      return { text: remembered.text, calls: remembered.calls, results };
    });
    return {
      system: llmSystemPrompt(map.toProvider.get(finalTool) ?? finalTool),
      tools,
      intent: context.scenario.intent,
      turns,
    };
  }

  return {
    info: {
      name: options.name ?? 'llm',
      model: settings.model,
      temperature: settings.temperature,
      ...(settings.seed === null ? {} : { seed: settings.seed }),
    },
    names: () => names ?? mapToolNames([]),
    async next(context: PolicyContext): Promise<PolicyStep> {
      if (context.turn !== memory.length) {
        throw new Error(`turn ${context.turn} asked after ${memory.length} remembered turns`);
      }
      const conv = conversation(context);
      const request =
        settings.provider === 'anthropic'
          ? anthropicRequest(conv, settings)
          : openaiRequest(conv, settings);
      options.beforeRequest?.();
      const raw = await transport.send(request, context.signal);
      // A number JSON cannot hold (a count of 1e400 parsed as Infinity) would turn into null,
      // then 0: it is the provider's error instead.
      const response = JSON.parse(
        JSON.stringify(raw, (key, value: unknown) => {
          if (typeof value === 'number' && !Number.isFinite(value))
            throw new Error(
              `the provider's response holds ${key || 'a value'} = ${value}: not a number JSON can carry`,
            );
          return value;
        }),
      ) as Record<string, unknown>;
      delete response._request_id;
      const reply =
        settings.provider === 'anthropic' ? anthropicReply(response) : openaiReply(response);
      await options.onExchange?.({ turn: context.turn, request, response, usage: reply.usage });
      const usage = {
        inputTokens: reply.usage.input,
        outputTokens: reply.usage.output,
        cacheReadTokens: reply.usage.cache_read,
        cacheWriteTokens: reply.usage.cache_write,
      };
      const fromProvider = (name: string): string => names?.fromProvider.get(name) ?? name;

      const final = reply.calls.find((call) => fromProvider(call.name) === finalTool);
      if (final || reply.calls.length === 0) {
        let answer: FinalAnswer;
        if (!final) answer = { text: reply.text, json: jsonInText(reply.text) };
        else if (isInvalid(final.arguments))
          answer = { text: reply.text || final.arguments.invalid, json: {} };
        else answer = { text: reply.text, json: final.arguments };
        memory.push({ text: reply.text, calls: [], rejected: [] });
        return { type: 'final', answer, usage };
      }
      const remembered: Remembered = { text: reply.text, calls: [], rejected: [] };
      const calls: ToolCallRequest[] = [];
      reply.calls.forEach((call, k) => {
        const id = `call_${context.turn}_${k}`;
        if (isInvalid(call.arguments)) {
          remembered.calls.push({ id, name: call.name, input: call.arguments.invalid });
          remembered.rejected.push(
            `Error: the arguments are not a JSON object, so the call was not made: ${call.arguments.invalid}`,
          );
          return;
        }
        const size = Buffer.byteLength(JSON.stringify(call.arguments));
        // The history keeps an empty object in its place: the next request must not carry it.
        remembered.calls.push({
          id,
          name: call.name,
          input: size > MAX_TOOL_ARGUMENT_BYTES ? {} : call.arguments,
        });
        if (size > MAX_TOOL_ARGUMENT_BYTES) {
          // A server is not handed megabytes a model made up; the model is told, as for bad JSON.
          remembered.rejected.push(
            `Error: the arguments are ${size} bytes, more than the ${MAX_TOOL_ARGUMENT_BYTES} a call may carry, so the call was not made`,
          );
          return;
        }
        remembered.rejected.push(null);
        calls.push({ name: fromProvider(call.name), arguments: call.arguments });
      });
      memory.push(remembered);
      return {
        type: 'tool_calls',
        calls,
        ...(reply.text === '' ? {} : { text: reply.text }),
        usage,
      };
    },
  };
}
