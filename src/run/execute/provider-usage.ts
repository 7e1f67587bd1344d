import type { Trajectory } from '../../trajectory/types.js';
import { costUsd } from '../../llm/prices.js';
import { type ModelPrice } from '../../config/types.js';
import type { RunResult } from '../../report/types.js';

/**
 * A model-driven run's result with the provider's usage summed over its turns (`measured`, cache
 * reads and writes apart) and its cost at `price` (null: no price). A replay that diverged or a
 * run the budget stopped gets its own status: it is no one's failure and stays out of verdicts.
 */
export function withProviderUsage(
  result: RunResult,
  trajectory: Trajectory,
  price: ModelPrice | null,
): RunResult {
  const usage = { input: 0, output: 0, cache_read: 0, cache_write: 0 };
  let reported = false;
  for (const turn of trajectory.turns) {
    if (!turn.usage) continue;
    reported = true;
    usage.input += turn.usage.inputTokens;
    usage.output += turn.usage.outputTokens;
    usage.cache_read += turn.usage.cacheReadTokens ?? 0;
    usage.cache_write += turn.usage.cacheWriteTokens ?? 0;
  }
  const status =
    trajectory.stopReason === 'diverged'
      ? 'diverged'
      : trajectory.stopReason === 'budget'
        ? 'stopped'
        : result.status;
  return {
    ...result,
    status,
    ...(status === result.status || !trajectory.error
      ? {}
      : { error: { phase: 'run' as const, message: trajectory.error.message, stderr_tail: null } }),
    provider_usage: reported
      ? {
          ...usage,
          total: usage.input + usage.output + usage.cache_read + usage.cache_write,
          provenance: 'measured',
        }
      : null,
    cost_usd: reported && price ? costUsd(usage, price) : null,
  };
}
