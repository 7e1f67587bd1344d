/** A promise's value, or `timedOut` when the signal aborted first. */
export type Raced<T> = { timedOut: false; value: T } | { timedOut: true };

/**
 * Waits for `promise` or for `signal` to abort, whichever comes first. A rejection before the
 * abort propagates; one after it is dropped (nobody is waiting any more).
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<Raced<T>> {
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.resolve({ timedOut: true });
  return new Promise<Raced<T>>((resolve, reject) => {
    const onAbort = (): void => resolve({ timedOut: true });
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ timedOut: false, value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
