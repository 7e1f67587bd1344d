/** A JSON value as parsed from a fixture or a request body. */
export type Json = null | boolean | number | string | Json[] | {
    [key: string]: Json;
};
/** One API item (a JSON object). */
export type Item = {
    [key: string]: Json;
};
/** How the call log classifies a request; metrics count these, never client logs. */
export declare const CALL_KINDS: readonly ["auth", "read", "write", "diagnostic", "poll", "escape"];
export type CallKind = (typeof CALL_KINDS)[number];
/** One entry of the server-side call log. */
export interface CallRecord {
    seq: number;
    method: string;
    host: string;
    path: string;
    query: Record<string, string | string[]>;
    status: number;
    kind: CallKind;
    /** sha256 (first 16 hex chars) of the request body, or null when there was none. */
    bodyDigest: string | null;
    /**
     * Set when the fault plan produced or shaped this response: one of FAULT_KINDS, or several
     * joined with `+` (e.g. `latency+rate_limit`).
     */
    fault?: string;
    /**
     * Set when the request arrived before the `Retry-After` of an earlier injected 429 had
     * elapsed: the client did not honour it. Counted here, server-side, like everything else.
     */
    retryAfterEarly?: true;
    /** A `short_page` fault cut this page: `served` of its `of` items were sent. */
    shortPage?: {
        served: number;
        of: number;
    };
    /**
     * Short-pages mode (FakeCentral.setShortPages) served this page at `size` items, fewer than the
     * limit asked for, of a collection of `total`.
     */
    shortPages?: {
        size: number;
        total: number;
    };
    /**
     * The fake has no route for this request (its route-miss 404, or 405 for a path it serves with
     * other methods): a gap in the fake or a wrong call by the client, reported as a finding.
     */
    unrouted?: true;
    /**
     * The fake refused this request as the real API would (it breaks a rule of HPE's documents):
     * it answered the family's 4xx error body and changed nothing. A finding, reported per run;
     * a tool sweep calls a tool whose request was refused `rejected`.
     */
    refused?: RefusedRequest;
    /**
     * The request carried the OAuth client secret outside the token endpoint: where (`header:NAME`,
     * `header:authorization (Basic)`, `query:NAME`, `body:/json/pointer`, `body:NAME` of a form,
     * `body`, `path`), never the secret. It was answered as usual; the harness's safety verdict
     * fails the run (`credential_sent_to_api`) and the tool sweep calls the tool `unsafe`.
     */
    credentialSent?: string[];
    /** Arrival in ms since the last reset (timing; excluded from determinism comparisons). */
    atMs?: number;
    /** Wall-clock handling time; excluded from determinism comparisons. */
    durationMs: number;
}
/** The rules request validation enforces, one word per kind of broken rule. */
export declare const REFUSAL_RULES: readonly ["type", "enum", "required", "unknown-parameter", "min-length", "max-length", "minimum", "maximum", "pattern", "format", "min-items", "max-items"];
export type RefusalRule = (typeof REFUSAL_RULES)[number];
/** Why the fake refused a request: the documented operation, the rule and where it broke. */
export interface RefusedRequest {
    /** The documented operation, `METHOD /path/{template}` as the document spells it. */
    operation: string;
    rule: RefusalRule;
    /** Where: `body:/opmode` (a JSON pointer), `query:bogus-param` or `path:site-id`. */
    at: string;
    /** The message of the error body, naming the parameter or member and the rule. */
    message: string;
}
/** How the fake treats requests HPE's documents forbid (SPEC.md §9). */
export declare const VALIDATION_MODES: readonly ["documents", "lenient"];
/** `documents` (the default) refuses them as the API does; `lenient` lets every request through. */
export type ValidationMode = (typeof VALIDATION_MODES)[number];
/** Credentials a client must present to the token endpoints. */
export interface FakeCredentials {
    clientId: string;
    clientSecret: string;
    workspaceId: string;
}
