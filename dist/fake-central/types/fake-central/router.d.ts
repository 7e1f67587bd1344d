import type { FakeState } from './state.js';
import type { CallKind, FakeRequest, FakeResponse, Json } from './types.js';
/** What a handler receives: the request, decoded path parameters, the parsed body and the state. */
export interface RouteContext {
    req: FakeRequest;
    params: Record<string, string>;
    query: URLSearchParams;
    state: FakeState;
    /** The request body parsed as JSON (or form fields for token calls); undefined when empty. */
    body: () => Json | undefined;
    /** Options the fake was started with that handlers consult. */
    options: HandlerOptions;
}
/** Per-instance behaviour switches handlers read. */
export interface HandlerOptions {
    /** Reject unknown query parameters on the families that do so live (SPEC.md §9). */
    strictQuery: boolean;
    /** Polls answered RUNNING before an async task completes (0 = COMPLETED on the first poll). */
    asyncRunningPolls: number;
}
export type Handler = (ctx: RouteContext) => FakeResponse | Promise<FakeResponse>;
/** One route: method, path pattern, how calls to it are classified, and known query params. */
export interface Route {
    method: string;
    /**
     * Segments separated by `/`: literals, `a|b` alternatives, `:name` captures (percent-decoded),
     * and a final `:name*` capturing the rest.
     */
    pattern: string;
    kind: CallKind;
    /** Query parameters the vendor accepts; enforced only when strictQuery is on and `strict` is set. */
    queryParams?: readonly string[];
    /** This family rejects unknown query parameters live (monitoring, notifications, services). */
    strict?: boolean;
    handler: Handler;
}
/** Matches paths to routes; distinguishes "no such path" from "path exists, wrong method". */
export declare class Router {
    private readonly routes;
    constructor(routes: Route[]);
    match(method: string, rawPath: string): {
        route: Route;
        params: Record<string, string>;
    } | {
        allowed: string[];
    } | null;
    private matchSegments;
}
