/**
 * The ids of the i-th of n slices (`shard: i/n`, 1 ≤ i ≤ n): the ids sorted and dealt
 * round-robin, so every id lands in exactly one slice whatever the input order and the slices
 * stay balanced. The run deals its scenarios with it and the merge recomputes each shard's slice
 * with it, so the two cannot disagree.
 */
export function shardSlice(ids: readonly string[], index: number, count: number): string[] {
  return [...ids].sort().filter((_, i) => i % count === index - 1);
}
