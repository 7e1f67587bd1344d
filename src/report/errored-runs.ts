import type { Report, RunResult } from './types.js';

/** One run that ended in an error, located and explained. */
export interface ErroredRun {
  server: string;
  scenario: string;
  run: number;
  /** What happened (which call, exit code or signal, the limit), and the stderr's last line. */
  cause: string;
}

const MAX_CAUSE = 400;

/** The error's message and the last line the server wrote on stderr, on one line. */
export function runErrorCause(result: RunResult): string {
  const error = result.error;
  if (!error) return 'no error recorded';
  const last = (error.stderr_tail ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .at(-1);
  // The message may already end with the tail (the session appends it): name it once.
  const message = (error.message.split('\n')[0] ?? error.message).replace(
    /[;,]?\s*stderr:\s*$/,
    '',
  );
  const text = last && !message.includes(last) ? `${message} (stderr: ${last})` : message;
  return text.length > MAX_CAUSE ? `${text.slice(0, MAX_CAUSE - 1)}…` : text;
}

/**
 * Every errored run of the report (or of one server), in scenario and run order: a server that
 * did not start, crashed, was killed (a limit, a signal) or timed out, or a harness failure.
 */
export function erroredRuns(report: Report, server?: string): ErroredRun[] {
  return report.scenarios.flatMap((scenario) =>
    scenario.results
      .filter((r) => server === undefined || r.server === server)
      .flatMap((r) =>
        r.runs
          .filter((run) => run.status === 'error')
          .map((run) => ({
            server: r.server,
            scenario: scenario.id,
            run: run.run,
            cause: runErrorCause(run),
          })),
      ),
  );
}

/** `scenario-id run 3: the server failed during call #2 (x): … exited with code 1 …`. */
export const describeErroredRun = (e: ErroredRun): string =>
  `${e.scenario} run ${e.run}: ${e.cause}`;
