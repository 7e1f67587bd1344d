import type { Scenario } from '../scenarios/types.js';

/** The i-th of n slices (`shard: i/n`), 1 ≤ index ≤ count. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * The i-th of n deterministic slices: scenarios sorted by id and dealt round-robin, so every
 * scenario lands in exactly one shard whatever the file order, and shards stay balanced.
 */
export function shardScenarios(scenarios: readonly Scenario[], shard: Shard | null): Scenario[] {
  if (!shard) return [...scenarios];
  const ids = scenarios.map((s) => s.id).sort();
  const mine = new Set(ids.filter((_, i) => i % shard.count === shard.index - 1));
  return scenarios.filter((s) => mine.has(s.id));
}
