import type { FakeState } from '../state.js';
import type { FakeResponse } from '../http-types.js';
/**
 * 429 as SPEC.md §6–§7 describe it. `Retry-After` is always sent: without it one
 * compared server waits 60 s before retrying.
 */
export declare function rateLimitedResponse(state: FakeState, retryAfter: number): FakeResponse;
/** A 5xx in the New Central error shape. */
export declare function serverErrorResponse(status: number): FakeResponse;
/** A non-retryable 4xx in the New Central error shape. */
export declare function clientErrorResponse(status: number): FakeResponse;
/** The 401 a client sees when its token has expired (it should fetch a new one and retry). */
export declare function tokenExpiredResponse(): FakeResponse;
