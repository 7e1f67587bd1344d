import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitedWithin } from './process-group.js';

describe('exitedWithin', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns when the process exits and leaves no timer behind to hold the harness open', async () => {
    vi.useFakeTimers();
    await exitedWithin(Promise.resolve(), 2000);
    // A sleep that lost the race would still be pending here, and the CLI would wait for it.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('returns after `ms` when the process does not exit, with its timer gone', async () => {
    vi.useFakeTimers();
    let returned = false;
    const waiting = exitedWithin(new Promise(() => undefined), 300).then(() => (returned = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(returned).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(returned).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
