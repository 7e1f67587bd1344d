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
});
