/** How often and how long to poll an async operation. */
export interface PollOptions {
  intervalMs: number;
  maxPolls: number;
}

/** The last status seen, how many polls it took, and whether it reached a final state. */
export interface PollOutcome<T> {
  last: T;
  polls: number;
  finished: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `fetchStatus` until `isFinal` says so or `maxPolls` is spent, waiting `intervalMs`
 * before every poll (an operation is never done the instant it is accepted).
 */
export async function pollUntil<T>(
  fetchStatus: () => Promise<T>,
  isFinal: (status: T) => boolean,
  options: PollOptions,
): Promise<PollOutcome<T>> {
  let last: T | undefined;
  for (let polls = 1; polls <= Math.max(1, options.maxPolls); polls++) {
    await sleep(options.intervalMs);
    last = await fetchStatus();
    if (isFinal(last)) return { last, polls, finished: true };
  }
  return { last: last as T, polls: options.maxPolls, finished: false };
}
