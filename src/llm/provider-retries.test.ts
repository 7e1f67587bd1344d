import { describe, expect, it } from 'vitest';
import { abortableSleep, retryAfterMs, withRetries } from './provider-retries.js';

const httpError = (status: number, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`${status} status code`), { status, headers: new Headers(headers) });

describe('retryAfterMs', () => {
  it.each([
    [{ 'retry-after-ms': '250' }, 250],
    [{ 'retry-after': '3' }, 3000],
    [{ 'retry-after': 'Tue, 01 Dec 2026 20:00:10 GMT' }, 10_000],
    [{ 'retry-after': 'soon' }, null],
    [{}, null],
  ])('%j → %s', (headers, ms) => {
    expect(retryAfterMs(httpError(429, headers), Date.parse('2026-12-01T20:00:00Z'))).toBe(ms);
  });
});

describe('withRetries', () => {
  it('retries retryable answers, not a 400', async () => {
    const signal = new AbortController().signal;
    let n = 0;
    await expect(
      withRetries(
        () =>
          ++n < 3
            ? Promise.reject(httpError(503, { 'retry-after-ms': '1' }))
            : Promise.resolve('ok'),
        { maxRetries: 2, signal },
      ),
    ).resolves.toBe('ok');
    n = 0;
    await expect(
      withRetries(() => (n++, Promise.reject(httpError(400))), { maxRetries: 2, signal }),
    ).rejects.toThrow('400');
    expect(n).toBe(1);
  });

  it('ends a wait when the run is aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('deadline')), 50);
    await expect(
      withRetries(() => Promise.reject(httpError(429, { 'retry-after': '30' })), {
        maxRetries: 3,
        signal: controller.signal,
      }),
    ).rejects.toThrow('deadline');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('abortableSleep rejects at once on an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(abortableSleep(10_000, controller.signal)).rejects.toThrow('gone');
  });
});
