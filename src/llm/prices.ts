import type { ModelPrice, PriceTable } from '../config/types.js';
import type { MeasuredUsage } from './types.js';

const ANTHROPIC = 'https://www.anthropic.com/pricing#api';
const OPENAI = 'https://openai.com/api/pricing/';
// List prices as published by the providers; an entry not re-checked since `as_of` may be stale,
// which is why the table can be overridden in the bench config (`prices:`).
const AS_OF = '2025-10-15';

/**
 * The built-in table. Cache writes are Anthropic's 5-minute rate (1.25 × input) and reads 0.1 ×
 * input (https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching); OpenAI bills no
 * cache writes and reads cached input at its cached-input rate. Models missing here have no
 * price: their cost is reported as unknown, never guessed.
 */
export const DEFAULT_PRICES: PriceTable = {
  'claude-sonnet-4-5-20250929': {
    input: 3,
    output: 15,
    cache_read: 0.3,
    cache_write: 3.75,
    source: ANTHROPIC,
    as_of: AS_OF,
  },
  'claude-haiku-4-5-20251001': {
    input: 1,
    output: 5,
    cache_read: 0.1,
    cache_write: 1.25,
    source: ANTHROPIC,
    as_of: AS_OF,
  },
  'claude-opus-4-1-20250805': {
    input: 15,
    output: 75,
    cache_read: 1.5,
    cache_write: 18.75,
    source: ANTHROPIC,
    as_of: AS_OF,
  },
  'gpt-4.1-2025-04-14': {
    input: 2,
    output: 8,
    cache_read: 0.5,
    cache_write: 0,
    source: OPENAI,
    as_of: AS_OF,
  },
  'gpt-4.1-mini-2025-04-14': {
    input: 0.4,
    output: 1.6,
    cache_read: 0.1,
    cache_write: 0,
    source: OPENAI,
    as_of: AS_OF,
  },
  'gpt-4o-2024-08-06': {
    input: 2.5,
    output: 10,
    cache_read: 1.25,
    cache_write: 0,
    source: OPENAI,
    as_of: AS_OF,
  },
  'gpt-4o-mini-2024-07-18': {
    input: 0.15,
    output: 0.6,
    cache_read: 0.075,
    cache_write: 0,
    source: OPENAI,
    as_of: AS_OF,
  },
};

/** USD of some measured usage at a price, rounded to a millionth of a dollar. */
export function costUsd(usage: MeasuredUsage, price: ModelPrice): number {
  const micro =
    usage.input * price.input +
    usage.output * price.output +
    usage.cache_read * price.cache_read +
    usage.cache_write * price.cache_write;
  return Math.round(micro) / 1_000_000;
}
