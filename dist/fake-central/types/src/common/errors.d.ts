/** Stable, machine-readable error codes (snake_case) shared by the CLI and the action. */
export declare const ERROR_CODES: readonly ["usage", "fixture_not_found", "fixture_invalid", "port_in_use", "fault_plan_invalid", "scenario_invalid", "config_invalid", "server_failed", "regression", "report_unwritable", "report_invalid", "internal"];
export type ErrorCode = (typeof ERROR_CODES)[number];
/** Process exit codes: distinct for usage, start-up failure, regression and internal errors. */
export declare const EXIT_CODES: {
    readonly ok: 0;
    readonly failed: 1;
    readonly usage: 2;
    readonly serverFailed: 3;
    /** The run's wall-clock deadline passed: the report holds the runs that finished (partial). */
    readonly deadline: 4;
    /** The bench ran but report.json could not be written where asked (saved elsewhere; sysexits EX_CANTCREAT). */
    readonly reportUnwritable: 73;
    readonly internal: 70;
};
/**
 * An error meant for a person: the message names the file, input or value at fault and
 * `hint` says how to fix it.
 */
export declare class BenchError extends Error {
    name: string;
    readonly code: ErrorCode;
    readonly hint: string | undefined;
    constructor(code: ErrorCode, message: string, options?: {
        hint?: string;
        cause?: unknown;
    });
}
/** One-line (or few-line) rendering of any thrown value for a terminal or an action log. */
export declare function formatError(error: unknown): string;
/** The exit code a CLI should use for a thrown value. */
export declare function exitCodeFor(error: unknown): number;
