import type { FakeState } from './state.js';
import type { CallKind, Json, ValidationMode } from './types.js';
import type { FakeRequest, FakeResponse } from './http-types.js';
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
    /** Check requests against HPE's documents and refuse what they forbid, or not (SPEC.md §9). */
    validation: ValidationMode;
    /** Polls answered RUNNING before an async task completes (0 = COMPLETED on the first poll). */
    asyncRunningPolls: number;
}
export type Handler = (ctx: RouteContext) => FakeResponse | Promise<FakeResponse>;
/** One route: method, path pattern and how calls to it are classified. */
export interface Route {
    method: string;
    /**
     * Segments separated by `/`: literals, `a|b` alternatives, `:name` captures (percent-decoded),
     * and a final `:name*` capturing the rest.
     */
    pattern: string;
    kind: CallKind;
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
