import { createHash } from 'node:crypto';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';

/** Input usage of one request as the provider reports it, cache traffic apart. */
export interface CountedInput {
  /** Input billed at the full rate (Anthropic `input_tokens`; OpenAI prompt − cached). */
  input: number;
  cacheRead: number;
  cacheWrite: number;
}

const encoder = new Tiktoken(cl100kBase);
const tokens = (text: string): number => (text === '' ? 0 : encoder.encode(text, [], []).length);

/** The stand-in's token count of some JSON (cl100k_base; a provider's own tokenizer differs). */
export const jsonTokens = (value: unknown): number =>
  tokens(typeof value === 'string' ? value : JSON.stringify(value));

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A block of the prompt in the provider's prefix order, and whether it carries a breakpoint. */
interface Block {
  key: string;
  tokens: number;
  breakpoint: boolean;
}

/**
 * What a block costs: text as text (a tool result is not JSON-escaped for the model), a tool
 * call as its name and arguments' JSON, a tool definition or anything else as its JSON.
 */
function visibleText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!isObject(value)) return JSON.stringify(value) ?? '';
  if (value.type === 'text' && typeof value.text === 'string') return value.text;
  if (value.type === 'tool_result') return visibleText(value.content);
  if (value.type === 'tool_use') return `${String(value.name)} ${JSON.stringify(value.input)}`;
  if (typeof value.role === 'string' && 'content' in value) {
    const calls = Array.isArray(value.tool_calls) ? JSON.stringify(value.tool_calls) : '';
    return `${value.content === null ? '' : visibleText(value.content)}${calls}`;
  }
  return JSON.stringify(value);
}

function block(value: unknown): Block {
  const marked = isObject(value) && 'cache_control' in value;
  const bare = marked ? { ...value, cache_control: undefined } : value;
  const text = Array.isArray(bare) ? bare.map(visibleText).join('') : visibleText(bare);
  return { key: text, tokens: tokens(text), breakpoint: marked };
}

/** Anthropic's prefix order: tools, then system blocks, then every message's content blocks. */
function anthropicBlocks(body: Record<string, unknown>): Block[] {
  const out: Block[] = [];
  for (const tool of Array.isArray(body.tools) ? body.tools : []) out.push(block(tool));
  const system = body.system;
  if (typeof system === 'string') out.push(block(system));
  else if (Array.isArray(system)) for (const b of system) out.push(block(b));
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    const m = message as { role?: unknown; content?: unknown };
    if (Array.isArray(m.content)) {
      out.push(block(m.role));
      for (const b of m.content) out.push(block(b));
    } else out.push(block(message));
  }
  return out;
}

/** OpenAI's: the tools, then each message (the prompt the server tokenizes, in that order). */
function openaiBlocks(body: Record<string, unknown>): Block[] {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return [...tools, ...messages].map(block);
}

/**
 * The stand-in's prompt cache, one per provider instance, with the semantics the real APIs
 * document. Anthropic: a prefix is cached only up to a block marked `cache_control` and only
 * when it reaches `minTokens`; the longest marked prefix seen before is read, the part up to the
 * last marked prefix beyond it is written, the rest is input. OpenAI: automatic; the longest
 * prefix (at a message boundary) seen before is read in 128-token steps once the prompt reaches
 * 1,024 tokens, and nothing is billed as a write. Prefixes are keyed by their content, never by
 * the markers. `enabled: false` is a provider without caching: markers are ignored.
 */
export function createPromptCache(options: { enabled: boolean; minTokens: number }) {
  const seen = new Set<string>();
  function prefixes(blocks: Block[]): { hash: string; tokens: number; breakpoint: boolean }[] {
    const hash = createHash('sha256');
    let total = 0;
    return blocks.map((b) => {
      hash.update(`${b.key.length}:${b.key}`);
      total += b.tokens;
      return { hash: hash.copy().digest('hex'), tokens: total, breakpoint: b.breakpoint };
    });
  }
  return {
    anthropic(body: Record<string, unknown>): CountedInput {
      const all = prefixes(anthropicBlocks(body));
      const total = all.at(-1)?.tokens ?? 0;
      if (!options.enabled) return { input: total, cacheRead: 0, cacheWrite: 0 };
      const marked = all.filter((p) => p.breakpoint && p.tokens >= options.minTokens);
      const hit = marked.filter((p) => seen.has(p.hash)).at(-1);
      const read = hit?.tokens ?? 0;
      const last = marked.at(-1);
      const write = last && last.tokens > read ? last.tokens - read : 0;
      for (const p of marked) seen.add(p.hash);
      return { input: total - read - write, cacheRead: read, cacheWrite: write };
    },
    openai(body: Record<string, unknown>): CountedInput {
      const all = prefixes(openaiBlocks(body));
      const total = all.at(-1)?.tokens ?? 0;
      if (!options.enabled || total < 1024) return { input: total, cacheRead: 0, cacheWrite: 0 };
      const hit = all.filter((p) => seen.has(p.hash)).at(-1);
      for (const p of all) seen.add(p.hash);
      const read = hit && hit.tokens >= 1024 ? Math.floor(hit.tokens / 128) * 128 : 0;
      return { input: total - read, cacheRead: read, cacheWrite: 0 };
    },
  };
}
