/**
 * Where the core reports progress. The CLI writes to stderr (one redrawn line on a TTY, plain
 * lines otherwise, nothing with --quiet); the action writes to the job log; tests collect lines.
 */
export interface Logger {
  /** A line worth keeping in any log (start-up failures, summaries). */
  info(message: string): void;
  /** Something went wrong but the run goes on (a server failed to start, a run errored). */
  warn(message: string): void;
  /** A transient status line (one per finished scenario); a TTY logger redraws it in place. */
  progress(message: string): void;
}

/** Milliseconds since the Unix epoch; injected so tests can pin `generated_at`. */
export type Clock = () => number;

/** A logger that drops everything (library use, benchmarks). */
export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  progress: () => undefined,
};
