import type { HandlerOptions, Router } from './router.js';
import type { FakeState } from './state.js';
import type { CallKind, RefusedRequest } from './types.js';
import type { FakeRequest, FakeResponse } from './http-types.js';
/** A response plus the classification the call log records for it. */
export interface Dispatched extends FakeResponse {
    kind: CallKind;
    /** The route pattern that answered, for the request log. */
    route?: string;
    /**
     * The body already serialised and UTF-8 encoded (cached reads), so a hot page is stringified
     * and encoded once: encoding a 70 kB string on every write cost more than the rest of the
     * request path together (`npm run bench:fake`, profiled).
     */
    payload?: Buffer;
    /** The call came before an earlier 429's Retry-After had elapsed (see FaultInjector). */
    retryAfterEarly?: true;
    /** A `short_page` fault cut this page: items served of the page's full length. */
    shortPage?: {
        served: number;
        of: number;
    };
    /** Short-pages mode served this page at `size` items of `total` (paging.ts). */
    shortPages?: {
        size: number;
        total: number;
    };
    /** No route answered this request (route-miss 404 or 405); copied to the call log. */
    unrouted?: true;
    /** The documents forbid this request: it was answered 400 and changed nothing; copied to the call log. */
    refused?: RefusedRequest;
}
/**
 * Routes one request through auth, the documents' request rules and its handler. Never throws:
 * every failure becomes a vendor-shaped response, so a bad request can't take the fake down.
 */
export declare function dispatch(router: Router, state: FakeState, options: HandlerOptions, req: FakeRequest): Promise<Dispatched>;
/**
 * A plain read served off the record (FakeCentral.peek): as an authorised client, with no fault
 * plan and no cache entry. Read routes are pure functions of the state and the URL, so serving
 * one here changes nothing a server under test could see. Null for anything but a routed read.
 */
export declare function peekRead(router: Router, state: FakeState, options: HandlerOptions, target: string): Promise<Dispatched | null>;
