import type { Regression } from './types.js';

const round = (n: number): number => Math.round(n * 1000) / 1000;

/**
 * A regression's limit in words, for the reasons and the comment: "(limit 1)" told a reader
 * nothing. Task success: a scenario that passed must pass ("any drop fails"), a suite may drop
 * by the allowed amount, a model-driven drop is judged by Fisher's test; a figure may rise to
 * its limit; a planned call must not fail where the baseline's succeeded.
 */
export function limitInWords(r: Regression): string {
  const scenario = r.where.startsWith('scenario:');
  if (r.metric === 'task_success') {
    if (r.where.includes('Fisher'))
      return `a drop counts when Fisher's exact test gives p < ${r.limit}`;
    if (scenario) return 'it passed in the baseline: any drop fails';
    return r.limit >= r.baseline - 1e-9
      ? 'any drop fails'
      : `a drop below ${round(r.limit)} fails (the allowed drop is ${round(r.baseline - r.limit)})`;
  }
  if (r.metric === 'planned_call')
    return 'any call that fails where the baseline’s succeeded fails';
  if (r.limit <= 0) return 'any rise above 0 fails';
  const widened = `the baseline's ${scenario ? 'upper quartile' : 'p95'} widened by the threshold`;
  return r.band === undefined
    ? `more than ${round(r.limit)} fails: ${widened}`
    : `more than ${round(r.limit)} fails: ${widened}, and never inside the baseline's noise band (±${round(r.band)})`;
}

/** `server where: metric baseline → current (limit in words)`. */
export function describeRegression(r: Regression): string {
  return `${r.server} ${r.where}: ${r.metric} ${r.baseline} → ${r.current} (${limitInWords(r)})`;
}
