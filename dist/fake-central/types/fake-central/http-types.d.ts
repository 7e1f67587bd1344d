import type { CallKind, Json } from './types.js';
/** A request as the API handler sees it, whether it arrived plain, proxied or TLS-terminated. */
export interface FakeRequest {
    method: string;
    /** Host the client addressed (Host header or CONNECT target), lower-case, without port. */
    host: string;
    /** Raw path as sent, without the query string (percent-encoding preserved). */
    rawPath: string;
    query: URLSearchParams;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
    /** The call log's sequence number (restarts on reset): seeds a refusal's `debugId`. */
    seq?: number;
}
/** What a route handler returns; the server serialises it. */
export interface FakeResponse {
    status: number;
    body?: Json | undefined;
    headers?: Record<string, string>;
    /** Overrides the classification the route declared (e.g. a poll vs a read). */
    kind?: CallKind;
    /** Fault kind(s) that shaped this answer (see faults/task-faults.ts); copied to the call log. */
    fault?: string | undefined;
    /** A body that is not JSON (CSV exports), sent as is; `headers` give its Content-Type. */
    payload?: Buffer;
}
