import { anthropicRequest } from '../../llm/anthropic-wire.js';
import {
  estimateCost,
  estimateUsage,
  minCacheTokens,
  totalEstimate,
  type RequestShape,
  type UsageEstimate,
} from '../../llm/estimate-cost.js';
import { openaiRequest } from '../../llm/openai-wire.js';
import { DEFAULT_PRICES } from '../../llm/prices.js';
import { FINAL_ANSWER_TOOL, llmSystemPrompt } from '../../llm/system-prompt.js';
import type { LlmSettings, MeasuredUsage } from '../../llm/types.js';
import type { ModelPrice } from '../../config/types.js';
import type { Report } from '../../report/types.js';
import type { Scenario } from '../../scenarios/types.js';
import { tokenCount, type TokenizerName } from '../../tokens/encoders.js';
import { SYSTEM_PROMPT } from '../../tokens/system-prompt.js';

/** A server's (or the bench's) estimate with its costs, as the estimate command prints it. */
export interface CostEstimate extends UsageEstimate {
  cost_usd: { uncached: number | null; cached: number | null };
}

/** What `hpe-mcp-bench estimate` reports: labelled `estimated`, never `measured`. */
export interface BenchEstimate {
  provenance: 'estimated';
  provider: LlmSettings['provider'];
  model: string;
  runs: number;
  tokenizer: TokenizerName;
  price: ModelPrice | null;
  /** The smallest prefix the provider caches for this model. */
  min_cache_tokens: number;
  servers: CostEstimate[];
  total: CostEstimate;
  /** Server × scenario pairs whose scripted run did not finish: not in the figures. */
  skipped: { server: string; scenario: string; reason: string }[];
}

/** Tokens of the part of a request the policy adds to the server's menu: its tool and prompt. */
function addedPrefix(scenario: Scenario, settings: LlmSettings, encoding: TokenizerName): number {
  const conversation = {
    system: llmSystemPrompt(FINAL_ANSWER_TOOL),
    tools: [
      {
        name: FINAL_ANSWER_TOOL,
        description: 'Give your final answer. Call it once, alone, when you are done.',
        inputSchema: scenario.result_schema ?? { type: 'object' },
      },
    ],
    intent: scenario.intent,
    turns: [],
  };
  const request =
    settings.provider === 'anthropic'
      ? anthropicRequest(conversation, settings)
      : openaiRequest(conversation, settings);
  const tools = request.tools as unknown[];
  return tokenCount(encoding, JSON.stringify(tools[0])) + tokenCount(encoding, conversation.system);
}

/** Tokens an OpenAI function wrapper adds to each tool definition. */
const wrapperTokens = (encoding: TokenizerName): number =>
  tokenCount(encoding, '{"type":"function","function":}');

/**
 * The request shapes of a model-driven bench from one scripted run of each scenario (report
 * order): the menu as the report counted it (plus the function wrapper for OpenAI), the policy's
 * final-answer tool and system prompt, one request per planned turn plus the answer, and the
 * context the scripted run built (intent, calls and the results the tools really returned)
 * spread over the requests as it grows, linearly. A run that did not finish is skipped.
 */
export function requestShapes(
  report: Report,
  scenarios: readonly Scenario[],
  settings: LlmSettings,
): { shapes: RequestShape[]; skipped: BenchEstimate['skipped'] } {
  const encoding = report.settings.tokenizer;
  const system = tokenCount(encoding, SYSTEM_PROMPT);
  const shapes: RequestShape[] = [];
  const skipped: BenchEstimate['skipped'] = [];
  for (const entry of report.scenarios) {
    const scenario = scenarios.find((s) => s.id === entry.id);
    if (!scenario) continue;
    for (const result of entry.results) {
      if (result.absent) continue;
      const run = result.runs[0];
      const server = report.servers.find((s) => s.name === result.server);
      if (!run || run.status !== 'ok' || !run.tokens || !server?.menu) {
        skipped.push({
          server: result.server,
          scenario: entry.id,
          reason: run ? `its scripted run ended ${run.status}` : 'it did not run',
        });
        continue;
      }
      const tokens = run.tokens;
      const requests = (run.calls ?? []).length + 1;
      const menu =
        server.menu.total +
        (settings.provider === 'openai' ? server.menu.tool_count * wrapperTokens(encoding) : 0);
      const intent = tokenCount(encoding, scenario.intent);
      // The computed context of each turn is system + menu + intent + the turns so far.
      const history = Math.max(0, tokens.input - requests * (system + server.menu.total + intent));
      const step = requests > 1 ? history / ((requests * (requests - 1)) / 2) : 0;
      shapes.push({
        server: result.server,
        scenario: entry.id,
        menuTokens: menu,
        prefixTokens: menu + addedPrefix(scenario, settings, encoding),
        tailTokens: Array.from({ length: requests }, (_, k) => Math.round(intent + k * step)),
        outputTokens: tokens.output,
      });
    }
  }
  return { shapes, skipped };
}

const withCost = (estimate: UsageEstimate, price: ModelPrice | null): CostEstimate => ({
  ...estimate,
  cost_usd: {
    uncached: estimateCost(estimate.uncached, price),
    cached: estimateCost(estimate.cached, price),
  },
});

/** The estimate of a model-driven bench of `runs` runs from a scripted report of one run each. */
export function estimateBench(input: {
  report: Report;
  scenarios: readonly Scenario[];
  settings: LlmSettings;
  runs: number;
  prices?: Record<string, ModelPrice>;
}): BenchEstimate {
  const { settings, runs } = input;
  const price = { ...DEFAULT_PRICES, ...input.prices }[settings.model] ?? null;
  const min = minCacheTokens(settings.provider, settings.model);
  const { shapes, skipped } = requestShapes(input.report, input.scenarios, settings);
  const servers = estimateUsage(shapes, runs, settings.provider, min);
  return {
    provenance: 'estimated',
    provider: settings.provider,
    model: settings.model,
    runs,
    tokenizer: input.report.settings.tokenizer,
    price,
    min_cache_tokens: min,
    servers: servers.map((s) => withCost(s, price)),
    total: withCost(totalEstimate(servers), price),
    skipped,
  };
}

/** Input tokens of a usage, cache traffic included. */
export const inputTokens = (usage: MeasuredUsage): number =>
  usage.input + usage.cache_read + usage.cache_write;
