import { describe, expect, it } from 'vitest';
import { createPromptCache, jsonTokens } from './fake-model-cache.js';

const marker = { type: 'ephemeral' };
const menu = Array.from({ length: 40 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Lists the things of kind ${i} with every filter the API takes, page by page.`,
  input_schema: { type: 'object', properties: { site: { type: 'string' } } },
}));
const request = (intent: string, marked = true) => ({
  tools: menu.map((t, i) =>
    marked && i === menu.length - 1 ? { ...t, cache_control: marker } : t,
  ),
  system: [{ type: 'text', text: 'be brief', ...(marked ? { cache_control: marker } : {}) }],
  messages: [{ role: 'user', content: intent }],
});

describe('the stand-in’s prompt cache', () => {
  it('Anthropic: the first marked prefix is written, the same prefix is read, the rest is input', () => {
    const cache = createPromptCache({ enabled: true, minTokens: 1024 });
    const first = cache.anthropic(request('find the AP'));
    const menuTokens = menu.reduce((sum, t) => sum + jsonTokens(t), 0);
    expect(menuTokens).toBeGreaterThan(1024);
    expect(first.cacheRead).toBe(0);
    expect(first.cacheWrite).toBe(menuTokens + jsonTokens('be brief'));
    const second = cache.anthropic(request('find the AP'));
    expect(second).toEqual({
      input: first.input,
      cacheRead: first.cacheWrite,
      cacheWrite: 0,
    });
    // Another intent: the same prefix, a different tail.
    const other = cache.anthropic(request('list the sites, all of them'));
    expect(other.cacheRead).toBe(first.cacheWrite);
    expect(other.input).toBeGreaterThan(first.input);
  });

  it('Anthropic: caches nothing without markers, below the minimum, or when disabled', () => {
    const cache = createPromptCache({ enabled: true, minTokens: 1024 });
    cache.anthropic(request('x', false));
    expect(cache.anthropic(request('x', false)).cacheRead).toBe(0);
    const high = createPromptCache({ enabled: true, minTokens: 1_000_000 });
    high.anthropic(request('x'));
    expect(high.anthropic(request('x'))).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    const off = createPromptCache({ enabled: false, minTokens: 1024 });
    off.anthropic(request('x'));
    expect(off.anthropic(request('x'))).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
  });

  it('OpenAI: reads the longest prefix seen before, in 128-token steps, and writes nothing', () => {
    const cache = createPromptCache({ enabled: true, minTokens: 1024 });
    const body = (intent: string) => ({
      tools: menu.map((t) => ({ type: 'function', function: t })),
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: intent },
      ],
    });
    const first = cache.openai(body('find the AP'));
    expect(first.cacheRead).toBe(0);
    const second = cache.openai(body('find the AP'));
    expect(second.cacheRead % 128).toBe(0);
    expect(second.cacheRead).toBeGreaterThan(first.input - 128);
    expect(second.cacheWrite).toBe(0);
    expect(second.input + second.cacheRead).toBe(first.input);
  });
});
