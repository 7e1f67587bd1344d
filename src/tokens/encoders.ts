import { Tiktoken } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { BenchError } from '../errors.js';

/** The tokenizers the harness counts with (bundled ranks: nothing is downloaded). */
export const TOKENIZERS = ['cl100k_base', 'o200k_base'] as const;
export type TokenizerName = (typeof TOKENIZERS)[number];

/** The tokenizer used when none is chosen. */
export const DEFAULT_TOKENIZER: TokenizerName = 'cl100k_base';

const encoders = new Map<TokenizerName, Tiktoken>();
const counts = new Map<TokenizerName, Map<string, number>>();
let cachedChars = 0;
// Tool menus and (deterministic) tool results repeat across runs; cap what the cache holds.
const MAX_CACHED_CHARS = 8_000_000;

/**
 * Makes a tokenizer ready for the synchronous counters. `cl100k_base` ships in the main bundle;
 * `o200k_base` (2.3 MB of ranks) is imported only here, so runs that do not choose it never load
 * it. Idempotent.
 */
export async function loadTokenizer(name: TokenizerName): Promise<void> {
  if (encoders.has(name)) return;
  if (name === 'cl100k_base') {
    encoders.set(name, new Tiktoken(cl100kBase));
    return;
  }
  const { default: o200kBase } = await import('js-tiktoken/ranks/o200k_base');
  encoders.set(name, new Tiktoken(o200kBase));
}

function encoderFor(name: TokenizerName): Tiktoken {
  let encoder = encoders.get(name);
  if (!encoder && name === 'cl100k_base') {
    encoder = new Tiktoken(cl100kBase);
    encoders.set(name, encoder);
  }
  if (!encoder) {
    throw new BenchError('internal', `tokenizer ${name} is not loaded`, {
      hint: `await loadTokenizer('${name}') before counting tokens with it`,
    });
  }
  return encoder;
}

/**
 * Tokens of `text` as plain text: special-token strings such as `<|endoftext|>` in a tool
 * result are counted as the ordinary text they are, never rejected.
 */
export function tokenCount(name: TokenizerName, text: string): number {
  if (text === '') return 0;
  let cache = counts.get(name);
  if (!cache) {
    cache = new Map();
    counts.set(name, cache);
  }
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const count = encoderFor(name).encode(text, [], []).length;
  if (cachedChars + text.length > MAX_CACHED_CHARS) {
    for (const map of counts.values()) map.clear();
    cachedChars = 0;
  }
  cache.set(text, count);
  cachedChars += text.length;
  return count;
}
