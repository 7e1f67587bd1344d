import type { PolicyInfo } from '../agent/types.js';
import { BenchError } from '../common/errors.js';
import type { BudgetLimits } from './budget.js';
import type { ModelPrice } from '../config/types.js';
import type { PolicyChoice } from './run-policies.js';
import type { LlmReportSettings } from './types.js';

/** The policy as the report's settings name it (model fields for model-driven runs). */
export function policyInfo(choice: PolicyChoice): PolicyInfo {
  if (choice.name === 'scripted') return { name: 'scripted' };
  const { model, temperature, seed } = choice.settings;
  return { name: choice.name, model, temperature, ...(seed === null ? {} : { seed }) };
}

/** settings.llm of a model-driven report. */
export function llmReportSettings(
  choice: Exclude<PolicyChoice, { name: 'scripted' }>,
  price: ModelPrice | null,
  limits: BudgetLimits,
): LlmReportSettings {
  const budget =
    limits.maxCostUsd === undefined && limits.maxTokens === undefined
      ? null
      : { max_cost_usd: limits.maxCostUsd ?? null, max_tokens: limits.maxTokens ?? null };
  return {
    ...choice.settings,
    source: choice.name === 'llm' ? 'live' : 'replay',
    key_env: choice.name === 'llm' ? choice.keyEnv : null,
    price,
    budget: choice.name === 'llm' ? budget : null,
  };
}

/** A cost budget needs a price: refuse it up front rather than never stopping. */
export function checkBudget(limits: BudgetLimits, model: string, price: ModelPrice | null): void {
  if (limits.maxCostUsd !== undefined && price === null) {
    throw new BenchError(
      'usage',
      `--max-cost needs a price for model "${model}", and there is none`,
      {
        hint: `add it under prices: in the bench config (USD per million input/output/cache tokens, with source and as_of), or use --max-tokens`,
      },
    );
  }
  for (const [name, value] of [
    ['max-cost', limits.maxCostUsd],
    ['max-tokens', limits.maxTokens],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new BenchError('usage', `--${name} must be a positive number, got ${value}`);
    }
  }
}
