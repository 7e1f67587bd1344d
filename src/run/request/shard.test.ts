import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../scenarios/types.js';
import { shardScenarios } from './shard.js';

const scenarios = ['c-2', 'a-1', 'b-3', 'a-2', 'c-1', 'b-1', 'b-2'].map(
  (id) => ({ id }) as Scenario,
);

describe('shardScenarios', () => {
  it('deals every scenario to exactly one shard, balanced, whatever the input order', () => {
    const shards = [1, 2, 3].map((index) =>
      shardScenarios(scenarios, { index, count: 3 }).map((s) => s.id),
    );
    expect(shards.flat().sort()).toEqual(scenarios.map((s) => s.id).sort());
    expect(shards.map((s) => s.length)).toEqual([3, 2, 2]);
    expect(
      shardScenarios([...scenarios].reverse(), { index: 1, count: 3 })
        .map((s) => s.id)
        .sort(),
    ).toEqual([...(shards[0] ?? [])].sort());
  });

  it('keeps everything without a shard', () => {
    expect(shardScenarios(scenarios, null)).toHaveLength(7);
  });
});
