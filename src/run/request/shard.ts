import { shardSlice } from '../../common/shard-slice.js';
import type { Scenario } from '../../scenarios/types.js';

/** The i-th of n slices (`shard: i/n`), 1 ≤ index ≤ count. */
export interface Shard {
  index: number;
  count: number;
}

/**
 * The i-th of n deterministic slices (shardSlice: sorted by id, dealt round-robin), so every
 * scenario lands in exactly one shard whatever the file order, and shards stay balanced.
 */
export function shardScenarios(scenarios: readonly Scenario[], shard: Shard | null): Scenario[] {
  if (!shard) return [...scenarios];
  const mine = new Set(
    shardSlice(
      scenarios.map((s) => s.id),
      shard.index,
      shard.count,
    ),
  );
  return scenarios.filter((s) => mine.has(s.id));
}
