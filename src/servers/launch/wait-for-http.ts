import { setTimeout as sleep } from 'node:timers/promises';

/** Why the wait for an HTTP endpoint ended. */
export type ReadyOutcome = 'ready' | 'exited' | 'timeout';

/**
 * Polls `url` until it answers with any HTTP status (the MCP endpoint is listening: a GET
 * without a session gets 400/405, which is enough), the server process exits, or `deadline`
 * (a `performance.now()` time) passes.
 */
export async function waitForHttp(
  url: string,
  options: { deadline: number; pollMs: number; exited: Promise<unknown> },
): Promise<ReadyOutcome> {
  let exited = false;
  void options.exited.then(() => (exited = true));
  while (!exited) {
    const remaining = options.deadline - performance.now();
    if (remaining <= 0) return 'timeout';
    try {
      const response = await fetch(url, {
        method: 'GET',
        headers: { accept: 'text/event-stream' },
        signal: AbortSignal.timeout(Math.max(1, Math.min(remaining, 2000))),
      });
      // A stateless server may hold an SSE stream open: the status line is all we need.
      await response.body?.cancel().catch(() => undefined);
      return 'ready';
    } catch {
      await Promise.race([sleep(Math.min(options.pollMs, Math.max(1, remaining))), options.exited]);
    }
  }
  return 'exited';
}
