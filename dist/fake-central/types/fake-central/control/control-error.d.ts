import type { Item } from '../types.js';
/**
 * A refused control request. The body is the fake's own error shape (`httpStatusCode`,
 * `errorCode`, `message`, `debugId`) plus a `hint` that says how to ask instead.
 */
export declare class ControlError extends Error {
    readonly status: number;
    readonly code: string;
    readonly hint: string;
    name: string;
    constructor(status: number, code: string, message: string, hint: string);
    body(): Item;
}
/** A thrown value with a message and an optional hint (FakeCentralError, BenchError, …). */
export declare function hintedProblem(error: unknown): {
    message: string;
    hint: string | undefined;
};
