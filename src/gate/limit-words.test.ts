import { describe, expect, it } from 'vitest';
import { limitInWords } from './limit-words.js';
import type { Regression } from './types.js';

const r = (metric: string, where: string, baseline: number, limit: number): Regression => ({
  metric,
  server: 's',
  where,
  baseline,
  current: 0,
  limit,
});

describe('limitInWords', () => {
  it.each([
    [r('task_success', 'scenario:a-001', 1, 1), 'it passed in the baseline: any drop fails'],
    [r('task_success', 'suite:a', 0.9, 0.9), 'any drop fails'],
    [r('task_success', 'suite:a', 0.9, 0.8), 'a drop below 0.8 fails (the allowed drop is 0.1)'],
    [
      r('task_success', 'scenario:a-001 (Fisher p = 0.01)', 1, 0.05),
      "a drop counts when Fisher's exact test gives p < 0.05",
    ],
    [
      r('planned_call', 'scenario:a-001', 0, 0),
      'any call that fails where the baseline’s succeeded fails',
    ],
    [
      r('tokens', 'scenario:a-001', 1000, 1103.34),
      "more than 1103.34 fails: the baseline's upper quartile widened by the threshold",
    ],
    [
      r('latency_p95', 'suite:a', 10, 12),
      "more than 12 fails: the baseline's p95 widened by the threshold",
    ],
    [r('tool_errors', 'scenario:a-001', 0, 0), 'any rise above 0 fails'],
  ])('%o', (regression, words) => {
    expect(limitInWords(regression)).toBe(words);
  });
});
