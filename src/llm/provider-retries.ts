/**
 * Retries of one model request, done here rather than by the SDKs: an SDK sleeps through a
 * `retry-after` of an hour on a timer no deadline can cancel, and the process outlives its run.
 * Here a retry waits at most `maxWaitMs` (a longer `retry-after` fails the request at once,
 * naming it), the wait ends when the run's signal aborts, and the timer never keeps the process
 * alive.
 */

/** The statuses worth another try: timeout, conflict, rate limit, server errors (529 included). */
const RETRYABLE = (status: number): boolean =>
  status === 408 || status === 409 || status === 429 || status >= 500;

/** Longest wait for one retry (a `retry-after` above it fails the request). */
export const MAX_RETRY_WAIT_MS = 60_000;

interface HttpishError {
  status?: unknown;
  headers?: unknown;
  name?: unknown;
}

function header(error: HttpishError, name: string): string | null {
  const headers = error.headers;
  if (headers instanceof Headers) return headers.get(name);
  if (headers !== null && typeof headers === 'object') {
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  }
  return null;
}

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; null when absent or bad. */
export function retryAfterMs(error: unknown, now = Date.now()): number | null {
  if (error === null || typeof error !== 'object') return null;
  const e = error as HttpishError;
  const ms = Number(header(e, 'retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = header(e, 'retry-after');
  if (raw === null) return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function retryable(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const e = error as HttpishError;
  if (typeof e.status === 'number') return RETRYABLE(e.status);
  // No status: the connection failed or timed out before an answer (the SDKs' connection errors).
  return e.name === 'APIConnectionError' || e.name === 'APIConnectionTimeoutError';
}

/** Waits `ms`, or less when `signal` aborts (then rejects with its reason); never holds the process. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    timer.unref();
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Sends with up to `maxRetries` retries on retryable answers, each after its `retry-after` (or
 * 0.5 s, 1 s, 2 s … without one), capped as the module comment says.
 */
export async function withRetries<T>(
  send: () => Promise<T>,
  options: { maxRetries: number; signal: AbortSignal; maxWaitMs?: number },
): Promise<T> {
  const cap = options.maxWaitMs ?? MAX_RETRY_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= options.maxRetries || !retryable(error) || options.signal.aborted) throw error;
      const wait = retryAfterMs(error) ?? Math.min(8_000, 500 * 2 ** attempt);
      if (wait > cap) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(
          `the provider asked to retry after ${Math.round(wait / 1000)} s, more than the ${cap / 1000} s a retry may wait (${message})`,
          { cause: error },
        );
      }
      await abortableSleep(wait, options.signal);
    }
  }
}
