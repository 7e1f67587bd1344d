import { describe, expect, it } from 'vitest';
import type { MeasuredUsage } from './types.js';
import {
  estimateUsage,
  minCacheTokens,
  totalEstimate,
  type RequestShape,
} from './estimate-cost.js';

const shape = (scenario: string, over: Partial<RequestShape> = {}): RequestShape => ({
  server: 'ref',
  scenario,
  menuTokens: 4000,
  prefixTokens: 4200,
  tailTokens: [50, 650, 1250],
  outputTokens: 120,
  ...over,
});

describe('estimateUsage', () => {
  it('Anthropic: the first request writes the prefix, a new scenario reads the menu, the rest read the prefix', () => {
    const [ref] = estimateUsage([shape('a'), shape('b')], 2, 'anthropic', 1024);
    expect(ref!.requests).toBe(12);
    const tails = 2 * 2 * (50 + 650 + 1250);
    expect(ref!.uncached).toEqual({
      input: 12 * 4200 + tails,
      output: 2 * 2 * 120,
      cache_read: 0,
      cache_write: 0,
    });
    // Writes: 4200 (a's first) + 200 (b's first: the menu read, its own 200 written).
    expect(ref!.cached.cache_write).toBe(4200 + 200);
    expect(ref!.cached.cache_read).toBe(4000 + 10 * 4200);
    expect(ref!.cached.input).toBe(tails);
    const all = (u: MeasuredUsage) => u.input + u.cache_read + u.cache_write;
    expect(all(ref!.cached)).toBe(all(ref!.uncached));
  });

  it('Anthropic: a prefix under the minimum is not cached at all', () => {
    const [ref] = estimateUsage([shape('a')], 5, 'anthropic', 8192);
    expect(ref!.cached.cache_read).toBe(0);
    expect(ref!.cached.cache_write).toBe(0);
    const [menuOnly] = estimateUsage(
      [shape('a', { menuTokens: 900, prefixTokens: 1100 })],
      1,
      'anthropic',
      1024,
    );
    expect(menuOnly!.cached).toMatchObject({ cache_write: 1100, cache_read: 2 * 1100 });
  });

  it('OpenAI: reads the previous prompt in 128-token steps, never writes', () => {
    const [ref] = estimateUsage([shape('a')], 2, 'openai', 1024);
    expect(ref!.cached.cache_write).toBe(0);
    const step = (n: number) => Math.floor(n / 128) * 128;
    // Run 1: nothing, then turn 0's and turn 1's prompts; run 2: run 1's first prompt, then the same.
    const reads = [0, step(4250), step(4850), step(4250), step(4250), step(4850)];
    expect(ref!.cached.cache_read).toBe(reads.reduce((a, b) => a + b, 0));
  });

  it('totals servers, and knows the minimums', () => {
    const estimates = estimateUsage(
      [shape('a'), shape('a', { server: 'other' })],
      1,
      'anthropic',
      1024,
    );
    expect(totalEstimate(estimates)).toMatchObject({ server: 'total', scenarios: 2, requests: 6 });
    expect(minCacheTokens('anthropic', 'claude-haiku-4-5-20251001')).toBe(4096);
    expect(minCacheTokens('anthropic', 'claude-sonnet-4-5-20250929')).toBe(1024);
    expect(minCacheTokens('openai', 'gpt-4.1-2025-04-14')).toBe(1024);
  });
});
