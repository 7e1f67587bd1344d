import type { ModelPrice } from '../config/types.js';
import { costUsd } from './prices.js';
import type { MeasuredUsage, ProviderName } from './types.js';

/** One server × scenario as the estimate sees it: what each of its model requests would hold. */
export interface RequestShape {
  server: string;
  scenario: string;
  /** The server's tool definitions as the provider is sent them (the first cache breakpoint). */
  menuTokens: number;
  /** Menu + the final-answer tool + the system prompt (the second breakpoint). */
  prefixTokens: number;
  /** Per request of one run, what follows the prefix: the intent and the turns so far. */
  tailTokens: number[];
  /** Output tokens of one run. */
  outputTokens: number;
}

/** Estimated usage of a server (or the whole bench), with and without prompt caching. */
export interface UsageEstimate {
  server: string;
  scenarios: number;
  requests: number;
  /** No caching: every input token at the input price. */
  uncached: MeasuredUsage;
  /** With the provider's prompt cache as the harness uses it (cache-markers.ts). */
  cached: MeasuredUsage;
}

/**
 * The smallest prefix a provider caches: Anthropic's per model (4,096 tokens on Haiku 4.5 and
 * Opus 4.5, 1,024 on Sonnet 4.5 and Opus 4.1 — the prompt-caching page of Anthropic's docs),
 * OpenAI's 1,024 for every model, cached in 128-token steps.
 */
export function minCacheTokens(provider: ProviderName, model: string): number {
  if (provider === 'openai') return 1024;
  return /^claude-(haiku-4-5|opus-4-5)/.test(model) ? 4096 : 1024;
}

const zero = (): MeasuredUsage => ({ input: 0, output: 0, cache_read: 0, cache_write: 0 });
const add = (a: MeasuredUsage, b: MeasuredUsage): MeasuredUsage => ({
  input: a.input + b.input,
  output: a.output + b.output,
  cache_read: a.cache_read + b.cache_read,
  cache_write: a.cache_write + b.cache_write,
});

/**
 * Anthropic with breakpoints on the menu and the prefix: the bench's first request of a server
 * writes the prefix, the first request of each further scenario reads the menu and writes the
 * rest of its prefix, every other request reads the prefix. The tail is never cached. A
 * breakpoint under the minimum caches nothing. Assumes the cache stays warm (each read renews
 * its 5 minutes) and one request at a time per server.
 */
function anthropicRequest(
  shape: RequestShape,
  first: 'server' | 'scenario' | 'none',
  min: number,
): Omit<MeasuredUsage, 'output'> {
  const total = shape.prefixTokens;
  const menu = shape.menuTokens >= min ? shape.menuTokens : 0;
  const prefix = shape.prefixTokens >= min ? shape.prefixTokens : menu;
  const read = first === 'server' ? 0 : first === 'scenario' ? menu : prefix;
  const write = Math.max(0, first === 'none' ? 0 : prefix - read);
  return { input: total - read - write, cache_read: read, cache_write: write };
}

/**
 * OpenAI-compatible automatic caching: a request reads the longest prefix an earlier one sent,
 * rounded down to 128 tokens, once the prompt is 1,024 tokens: the previous request of the run
 * (its history is this one's start), the same scenario's first request for a new run, the menu
 * for a new scenario. No writes are billed.
 */
function openaiRead(seenBefore: number, prompt: number): number {
  if (prompt < 1024 || seenBefore < 1024) return 0;
  return Math.floor(Math.min(seenBefore, prompt) / 128) * 128;
}

/**
 * The usage a model-driven bench of `runs` runs per scenario would report, per server in the
 * order given, with and without caching. Shapes of one server must come in the order the bench
 * runs them (report order).
 */
export function estimateUsage(
  shapes: readonly RequestShape[],
  runs: number,
  provider: ProviderName,
  min: number,
): UsageEstimate[] {
  const byServer = new Map<string, RequestShape[]>();
  for (const shape of shapes)
    byServer.set(shape.server, [...(byServer.get(shape.server) ?? []), shape]);
  return [...byServer].map(([server, list]) => {
    let uncached = zero();
    let cached = zero();
    let requests = 0;
    list.forEach((shape, index) => {
      for (let run = 0; run < runs; run++) {
        shape.tailTokens.forEach((tail, k) => {
          const prompt = shape.prefixTokens + tail;
          requests++;
          uncached = add(uncached, { ...zero(), input: prompt });
          if (provider === 'anthropic') {
            const first = run > 0 || k > 0 ? 'none' : index === 0 ? 'server' : 'scenario';
            const part = anthropicRequest(shape, first, min);
            cached = add(cached, { ...part, input: part.input + tail, output: 0 });
          } else {
            const previous =
              k > 0
                ? shape.prefixTokens + (shape.tailTokens[k - 1] ?? 0)
                : run > 0
                  ? shape.prefixTokens + (shape.tailTokens[0] ?? 0)
                  : index > 0
                    ? shape.menuTokens
                    : 0;
            const read = openaiRead(previous, prompt);
            cached = add(cached, { ...zero(), input: prompt - read, cache_read: read });
          }
        });
      }
      const output = { ...zero(), output: shape.outputTokens * runs };
      uncached = add(uncached, output);
      cached = add(cached, output);
    });
    return { server, scenarios: list.length, requests, uncached, cached };
  });
}

/** The whole bench: the servers' estimates summed. */
export function totalEstimate(estimates: readonly UsageEstimate[]): UsageEstimate {
  return estimates.reduce(
    (sum, e) => ({
      server: 'total',
      scenarios: sum.scenarios + e.scenarios,
      requests: sum.requests + e.requests,
      uncached: add(sum.uncached, e.uncached),
      cached: add(sum.cached, e.cached),
    }),
    { server: 'total', scenarios: 0, requests: 0, uncached: zero(), cached: zero() },
  );
}

/** USD of an estimate at a price, or null without one. */
export function estimateCost(usage: MeasuredUsage, price: ModelPrice | null): number | null {
  return price ? costUsd(usage, price) : null;
}
