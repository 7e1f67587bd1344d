/** Error codes of the fake's own failures (start-up, fixtures, fault plans); snake_case like the harness. */
export type FakeCentralErrorCode = 'fixture_not_found' | 'fixture_invalid' | 'port_in_use' | 'fault_plan_invalid';
/**
 * A start-up problem of the fake (bad fixture, busy port, bad fault plan). Kept separate from the harness's
 * BenchError because fake-central imports nothing from src/.
 */
export declare class FakeCentralError extends Error {
    name: string;
    readonly code: FakeCentralErrorCode;
    readonly hint: string | undefined;
    constructor(code: FakeCentralErrorCode, message: string, hint?: string, cause?: unknown);
}
