import type { FakeCentral, FakeCentralOptions } from './fake-central-api.js';
/** Time a client has to send a request's headers, and the whole request (not the answer). */
export declare const HEADERS_TIMEOUT_MS = 5000;
export declare const REQUEST_TIMEOUT_MS = 30000;
export type { ControlOptions, FakeCentral, FakeCentralOptions, FakeStateReport, FaultPlanParser, } from './fake-central-api.js';
/**
 * Boots the fake on 127.0.0.1: the API, plus an intercepting proxy on the same port. Every
 * request is answered from the in-memory state and recorded in the call log; nothing is
 * forwarded anywhere.
 */
export declare function startFakeCentral(options?: FakeCentralOptions): Promise<FakeCentral>;
