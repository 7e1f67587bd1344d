import { describe, expect, it } from 'vitest';
import { atMost } from './at-most.js';

/** A task that can be finished from outside, and says when it started. */
function deferred(log: string[], name: string) {
  let finish!: (value: string) => void;
  const done = new Promise<string>((resolve) => (finish = resolve));
  return {
    task: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: (value = name) => finish(value),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('atMost', () => {
  it('runs at most n at once, the next in the order handed in as each ends', async () => {
    const log: string[] = [];
    const gate = atMost(2);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => deferred(log, n));
    if (!a || !b || !c || !d) throw new Error('four tasks');
    const results = [a, b, c, d].map((t) => gate(t.task));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    a.finish();
    c.finish();
    d.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
  });

  it('frees the slot of a task that fails, and hands its failure to its caller only', async () => {
    const gate = atMost(1);
    const failed = gate(() => Promise.reject(new Error('boom')));
    const next = gate(() => Promise.resolve('ran'));
    await expect(failed).rejects.toThrow('boom');
    expect(await next).toBe('ran');
  });

  it('refuses a bound that is not a whole number ≥ 1', () => {
    expect(() => atMost(0)).toThrow('atMost: n must be a whole number ≥ 1, got 0');
  });
});
