/** Every fault the fake can inject; the call log marks affected requests with these names. */
export declare const FAULT_KINDS: readonly ["rate_limit", "server_error", "client_error", "short_page", "latency", "token_expiry", "task_running", "task_failed"];
export type FaultKind = (typeof FAULT_KINDS)[number];
/** Async task families whose creation a task fault can target. */
export declare const TASK_FAMILIES: readonly ["troubleshooting", "alerts", "greenlake"];
export type TaskFamily = (typeof TASK_FAMILIES)[number];
/**
 * Which calls a fault fires on. `match` narrows the calls it counts (endpoint patterns in the
 * scenarios' syntax, parsed by `../endpoint-pattern.ts`: `GET /network-monitoring/v1/clients`,
 * `{POST,PUT} /network-config/**`, `/network-troubleshooting/**` for any method; default: every
 * routed call except the token endpoints). Then `every: N` fires on the Nth, 2Nth … counted call,
 * `first: K` on the first K; with neither it fires on every counted call.
 */
export interface FaultTrigger {
    match?: string[];
    every?: number;
    first?: number;
}
/** 429 with `Retry-After` (seconds, default 1) and `X-RateLimit-Remaining: 0`. */
export interface RateLimitFault extends FaultTrigger {
    kind: 'rate_limit';
    retryAfter?: number;
}
/** A 5xx in the vendor's error shape (default 503). */
export interface ServerErrorFault extends FaultTrigger {
    kind: 'server_error';
    status?: 500 | 502 | 503 | 504;
}
/**
 * A non-retryable 4xx in the vendor's error shape (default 400): a client that sends the same
 * request again has a bug, which the resilience metrics count.
 */
export interface ClientErrorFault extends FaultTrigger {
    kind: 'client_error';
    status?: 400 | 403 | 404 | 422;
}
/**
 * A list page cut short: a 200 whose list holds only its first `keep` items (default: half the
 * page, rounded down) while `total`, `next` and `offset` stay what the full page says, and
 * `count` says how many items came. Counted on matching reads answered with a non-empty page
 * (longer than `keep`), so `first: 1` cuts the first such page and the same request asked again
 * is answered in full. A client sees it (`count` < `limit` while `next` is set, or fewer items
 * than `total` at the end) and recovers by asking for the page again, or by continuing from
 * `offset + count`.
 */
export interface ShortPageFault extends FaultTrigger {
    kind: 'short_page';
    keep?: number;
}
/** Extra delay before the call is answered normally. */
export interface LatencyFault extends FaultTrigger {
    kind: 'latency';
    ms: number;
}
/**
 * The bearer token stops working after `afterCalls` authorised API calls: the next call gets 401
 * `HPE_GL_ERROR_UNAUTHORIZED` and the token endpoint issues a new token. Once, unless `repeat`.
 */
export interface TokenExpiryFault {
    kind: 'token_expiry';
    afterCalls: number;
    repeat?: boolean;
}
/** Tasks created by matching calls answer RUNNING for `polls` polls before finishing. */
export interface TaskRunningFault extends FaultTrigger {
    kind: 'task_running';
    polls: number;
    families?: TaskFamily[];
}
/** Tasks created by matching calls end FAILED with `reason`. */
export interface TaskFailedFault extends FaultTrigger {
    kind: 'task_failed';
    reason?: string;
    families?: TaskFamily[];
}
export type Fault = RateLimitFault | ServerErrorFault | ClientErrorFault | ShortPageFault | LatencyFault | TokenExpiryFault | TaskRunningFault | TaskFailedFault;
/** A per-run fault plan (schema: fault-plan.schema.json). Faults apply in list order. */
export interface FaultPlan {
    description?: string;
    faults: Fault[];
}
