import type { PolicyStep } from './types.js';
import type { ProviderUsage } from '../trajectory/types.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function checkUsage(usage: unknown): { usage?: ProviderUsage } {
  if (usage === undefined) return {};
  if (
    !isObject(usage) ||
    typeof usage.inputTokens !== 'number' ||
    typeof usage.outputTokens !== 'number'
  ) {
    throw new Error('usage must be { inputTokens: number, outputTokens: number }');
  }
  const cache = (key: 'cacheReadTokens' | 'cacheWriteTokens'): Partial<ProviderUsage> => {
    const value = usage[key];
    if (value === undefined) return {};
    if (typeof value !== 'number') throw new Error(`usage.${key} must be a number`);
    return { [key]: value };
  };
  return {
    usage: {
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      ...cache('cacheReadTokens'),
      ...cache('cacheWriteTokens'),
    },
  };
}

/**
 * Checks what a policy returned and copies it, so a policy that keeps and mutates its objects
 * cannot rewrite the trajectory. Throws an Error naming the bad field (the run then stops with
 * `policy_error`).
 */
export function checkStep(step: unknown): PolicyStep {
  if (!isObject(step)) throw new Error(`the policy returned ${JSON.stringify(step)}, not a step`);
  const usage = checkUsage(step.usage);
  if (step.type === 'final') {
    const answer = step.answer;
    if (!isObject(answer) || typeof answer.text !== 'string' || !isObject(answer.json)) {
      throw new Error('a final step needs answer: { text: string, json: object }');
    }
    return {
      type: 'final',
      answer: { text: answer.text, json: structuredClone(answer.json) },
      ...usage,
    };
  }
  if (step.type === 'tool_calls') {
    if (!Array.isArray(step.calls)) throw new Error('a tool_calls step needs calls: []');
    const calls = step.calls.map((call: unknown, i) => {
      if (!isObject(call) || typeof call.name !== 'string' || call.name === '') {
        throw new Error(`calls[${i}] needs a non-empty name`);
      }
      const args = call.arguments ?? {};
      if (!isObject(args)) throw new Error(`calls[${i}].arguments must be an object`);
      return { name: call.name, arguments: structuredClone(args) };
    });
    return {
      type: 'tool_calls',
      calls,
      ...(typeof step.text === 'string' ? { text: step.text } : {}),
      ...usage,
    };
  }
  throw new Error(`unknown step type ${JSON.stringify(step.type)} (expected tool_calls or final)`);
}
