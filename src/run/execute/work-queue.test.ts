import { describe, expect, it } from 'vitest';
import { runQueue } from './work-queue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runQueue', () => {
  it('returns results in item order although later items finish first', async () => {
    const delays = [30, 1, 20, 1, 5];
    const finished: number[] = [];
    const results = await runQueue(
      delays,
      3,
      () => ({}),
      async (ms, _state) => {
        await sleep(ms);
        finished.push(ms);
        return ms * 10;
      },
      () => Promise.resolve(),
    );
    expect(results).toEqual([300, 10, 200, 10, 50]);
    expect(finished).not.toEqual(delays); // they really ran out of order
  });

  it('runs at most `concurrency` items at once, each worker with its own state', async () => {
    let running = 0;
    let peak = 0;
    const states: object[] = [];
    const disposed: object[] = [];
    await runQueue(
      Array.from({ length: 10 }, (_, i) => i),
      2,
      () => {
        const state = {};
        states.push(state);
        return state;
      },
      async (item, state) => {
        running++;
        peak = Math.max(peak, running);
        await sleep(2);
        running--;
        return [item, state];
      },
      (state) => {
        disposed.push(state);
        return Promise.resolve();
      },
    );
    expect(peak).toBe(2);
    expect(states).toHaveLength(2);
    expect(states[0]).not.toBe(states[1]);
    expect(disposed).toHaveLength(2);
  });

  it('starts no more workers than items', async () => {
    let made = 0;
    await runQueue(
      [1],
      8,
      () => made++,
      (x) => Promise.resolve(x),
      () => Promise.resolve(),
    );
    expect(made).toBe(1);
  });

  it('with lookahead, tells each item the one its worker runs next, and claims none ahead at the end', async () => {
    const runs: { worker: number; item: number; next: number | undefined }[] = [];
    let made = 0;
    const results = await runQueue(
      Array.from({ length: 8 }, (_, i) => i),
      2,
      () => made++,
      async (item, worker, next) => {
        runs.push({ worker, item, next });
        await sleep(item === 0 ? 20 : 2);
        return item * 2;
      },
      () => Promise.resolve(),
      { lookahead: true },
    );
    expect(results).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    // Every item ran once; an item named as next is the one its worker ran right after it.
    expect(runs.map((r) => r.item).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const [i, r] of runs.entries()) {
      if (r.next === undefined) continue;
      const after = runs.slice(i + 1).find((later) => later.worker === r.worker);
      expect(after?.item).toBe(r.next);
    }
    // The last items (no more left than workers) were claimed when a worker was free.
    expect(runs.filter((r) => r.item >= 6).every((r) => r.next === undefined)).toBe(true);
    expect(runs.some((r) => r.next !== undefined)).toBe(true);
  });

  it('without lookahead, never names a next item', async () => {
    const nexts: unknown[] = [];
    await runQueue(
      [1, 2, 3, 4, 5],
      2,
      () => ({}),
      (item, _state, next) => {
        nexts.push(next);
        return Promise.resolve(item);
      },
      () => Promise.resolve(),
    );
    expect(nexts.every((n) => n === undefined)).toBe(true);
  });
});
