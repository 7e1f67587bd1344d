import type { Logger } from '../run/ports.js';

/** Where the console logger writes, and how. */
export interface ConsoleLoggerOptions {
  write: (text: string) => void;
  /** Redraw progress on one line (`\r` + clear) instead of printing a line per update. */
  tty: boolean;
  /** Drop progress lines; warnings and info still print. */
  quiet: boolean;
}

/**
 * The CLI's logger. On a TTY progress is one line redrawn in place, cleared before any other
 * output; elsewhere (CI logs, pipes) each progress update is a plain line.
 */
export function createConsoleLogger(options: ConsoleLoggerOptions): Logger & { end(): void } {
  let pending = false;
  const clear = (): void => {
    if (pending) options.write('\r\x1b[2K');
    pending = false;
  };
  return {
    info(message) {
      clear();
      options.write(`${message}\n`);
    },
    warn(message) {
      clear();
      options.write(`warning: ${message}\n`);
    },
    progress(message) {
      if (options.quiet) return;
      if (!options.tty) {
        options.write(`${message}\n`);
        return;
      }
      clear();
      options.write(message);
      pending = true;
    },
    /** Clears a pending TTY progress line (call before printing the summary). */
    end: clear,
  };
}
