import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import { BenchError } from '../common/errors.js';
import { pieceCounter, type BpeRanksFile, type PieceCounter } from './linear-bpe.js';

/** The tokenizers the harness counts with (bundled ranks: nothing is downloaded). */
export const TOKENIZERS = ['cl100k_base', 'o200k_base'] as const;
export type TokenizerName = (typeof TOKENIZERS)[number];

/** The tokenizer used when none is chosen. */
export const DEFAULT_TOKENIZER: TokenizerName = 'cl100k_base';

const rankFiles = new Map<TokenizerName, BpeRanksFile>([['cl100k_base', cl100kBase]]);
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
  if (rankFiles.has(name)) return;
  const { default: o200kBase } = await import('js-tiktoken/ranks/o200k_base');
  rankFiles.set(name, o200kBase);
}

const counters = new Map<TokenizerName, PieceCounter>();

/** The linear-time counter of a tokenizer's ranks (linear-bpe.ts), built on first use. */
function counterFor(name: TokenizerName): PieceCounter {
  let counter = counters.get(name);
  if (!counter) {
    const file = rankFiles.get(name);
    if (!file) {
      throw new BenchError('internal', `tokenizer ${name} is not loaded`, {
        hint: `await loadTokenizer('${name}') before counting tokens with it`,
      });
    }
    counter = pieceCounter(file);
    counters.set(name, counter);
  }
  return counter;
}

/**
 * Texts longer than this (in UTF-16 code units) are counted exactly up to it and the rest is
 * extrapolated at the same tokens-per-character rate: the figure is then `estimated`. It bounds
 * the time one text can take (`npm run bench:tokens` measures it) whatever a server returns.
 */
export const MAX_EXACT_CHARS = 1024 * 1024;

/** A token count and whether it was extrapolated ({@link MAX_EXACT_CHARS}). */
export interface CountedText {
  count: number;
  estimated: boolean;
}

/**
 * Tokens of `text` as plain text: special-token strings such as `<|endoftext|>` in a tool
 * result are counted as the ordinary text they are, never rejected. Linear in practice
 * (linear-bpe.ts); past {@link MAX_EXACT_CHARS} the count is extrapolated.
 */
export function tokenCount(name: TokenizerName, text: string): number {
  return countText(name, text).count;
}

/** {@link tokenCount}, saying whether the figure was extrapolated. */
export function countText(name: TokenizerName, text: string): CountedText {
  if (text.length <= MAX_EXACT_CHARS) return { count: exactCount(name, text), estimated: false };
  // Do not cut a surrogate pair in two.
  let cut = MAX_EXACT_CHARS;
  if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--;
  const head = exactCount(name, text.slice(0, cut));
  return { count: Math.round((head * text.length) / cut), estimated: true };
}

function exactCount(name: TokenizerName, text: string): number {
  if (text === '') return 0;
  let cache = counts.get(name);
  if (!cache) {
    cache = new Map();
    counts.set(name, cache);
  }
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const count = counterFor(name).count(text);
  if (cachedChars + text.length > MAX_CACHED_CHARS) {
    for (const map of counts.values()) map.clear();
    cachedChars = 0;
  }
  cache.set(text, count);
  cachedChars += text.length;
  return count;
}
