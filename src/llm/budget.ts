import { BudgetExceededError } from '../agent/stop-errors.js';
import { costUsd } from './prices.js';
import { type ModelPrice } from '../config/types.js';
import type { MeasuredUsage } from './types.js';

/** Limits for a whole bench (every run of every server together). */
export interface BudgetLimits {
  /** USD; needs a known price for the model. */
  maxCostUsd?: number;
  /** Measured tokens: input + output + cache reads + cache writes. */
  maxTokens?: number;
}

/** A shared meter the policies of all runs charge; `check()` throws once a limit is reached. */
export interface BudgetMeter {
  check(): void;
  charge(usage: MeasuredUsage): void;
  /** Why the bench stopped, once a limit was reached (null while within budget). */
  exceeded(): string | null;
  spent(): { tokens: number; costUsd: number | null };
}

/**
 * A budget over the whole bench. A request is refused once the spend so far has reached a limit,
 * so a bench stops at most one request per worker past it (a request's cost is only known after
 * it). The meter is per process: shards each have their own.
 */
export function createBudgetMeter(limits: BudgetLimits, price: ModelPrice | null): BudgetMeter {
  let tokens = 0;
  let cost = 0;
  let reason: string | null = null;
  return {
    check() {
      if (reason === null && limits.maxTokens !== undefined && tokens >= limits.maxTokens) {
        reason = `the token budget of ${limits.maxTokens} was spent (${tokens} measured tokens)`;
      }
      if (
        reason === null &&
        limits.maxCostUsd !== undefined &&
        price &&
        cost >= limits.maxCostUsd
      ) {
        reason = `the cost budget of $${limits.maxCostUsd} was spent ($${cost.toFixed(6)})`;
      }
      if (reason !== null) throw new BudgetExceededError(reason);
    },
    charge(usage) {
      tokens += usage.input + usage.output + usage.cache_read + usage.cache_write;
      if (price) cost = Math.round((cost + costUsd(usage, price)) * 1e6) / 1e6;
    },
    exceeded: () => reason,
    spent: () => ({ tokens, costUsd: price ? cost : null }),
  };
}
