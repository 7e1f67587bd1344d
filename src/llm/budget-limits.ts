import { BenchError } from '../common/errors.js';
import type { BudgetLimits } from './budget.js';

/** `--max-cost` / `--max-tokens` (or the action inputs) as limits; `name` says how to call them. */
export function budgetLimits(
  maxCost: string | undefined,
  maxTokens: string | undefined,
  name: (key: 'max-cost' | 'max-tokens') => string,
): BudgetLimits {
  const parse = (raw: string | undefined, key: 'max-cost' | 'max-tokens'): number | undefined => {
    if (raw === undefined || raw.trim() === '') return undefined;
    const value = Number(raw.trim().replace(/^\$/, ''));
    const integer = key === 'max-tokens';
    if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
      throw new BenchError(
        'usage',
        `${name(key)} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`,
        {
          hint:
            key === 'max-cost'
              ? 'USD for the whole bench, e.g. 2.50'
              : 'measured tokens for the whole bench, e.g. 500000',
        },
      );
    }
    return value;
  };
  const cost = parse(maxCost, 'max-cost');
  const tokens = parse(maxTokens, 'max-tokens');
  return {
    ...(cost === undefined ? {} : { maxCostUsd: cost }),
    ...(tokens === undefined ? {} : { maxTokens: tokens }),
  };
}
