/** Stable, machine-readable error codes (snake_case) shared by the CLI and the action. */
export const ERROR_CODES = [
  'usage',
  'fixture_not_found',
  'fixture_invalid',
  'port_in_use',
  'fault_plan_invalid',
  'scenario_invalid',
  'config_invalid',
  'server_failed',
  'regression',
  'report_unwritable',
  'report_invalid',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Process exit codes: distinct for usage, start-up failure, regression and internal errors. */
export const EXIT_CODES = {
  ok: 0,
  failed: 1,
  usage: 2,
  serverFailed: 3,
  /** The run's wall-clock deadline passed: the report holds the runs that finished (partial). */
  deadline: 4,
  /** The bench ran but report.json could not be written where asked (saved elsewhere; sysexits EX_CANTCREAT). */
  reportUnwritable: 73,
  internal: 70,
} as const;

/**
 * An error meant for a person: the message names the file, input or value at fault and
 * `hint` says how to fix it.
 */
export class BenchError extends Error {
  override name = 'BenchError';
  readonly code: ErrorCode;
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.hint = options.hint;
  }
}

/** One-line (or few-line) rendering of any thrown value for a terminal or an action log. */
export function formatError(error: unknown): string {
  if (error instanceof BenchError) {
    return error.hint ? `${error.message}\n  hint: ${error.hint}` : error.message;
  }
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/** The exit code a CLI should use for a thrown value. */
export function exitCodeFor(error: unknown): number {
  if (!(error instanceof BenchError)) return EXIT_CODES.internal;
  switch (error.code) {
    case 'usage':
    case 'fixture_not_found':
    case 'fixture_invalid':
    case 'fault_plan_invalid':
    case 'scenario_invalid':
    case 'config_invalid':
    case 'port_in_use':
    case 'report_invalid':
      return EXIT_CODES.usage;
    case 'server_failed':
      return EXIT_CODES.serverFailed;
    case 'regression':
      return EXIT_CODES.failed;
    case 'report_unwritable':
      return EXIT_CODES.reportUnwritable;
    case 'internal':
      return EXIT_CODES.internal;
  }
}
