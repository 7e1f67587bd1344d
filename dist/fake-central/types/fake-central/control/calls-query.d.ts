import { type CallKind, type CallRecord } from '../types.js';
/** `GET /_fake/calls` filters: all optional, all must hold. */
export interface CallsQuery {
    /** Only records with `seq` greater than this (the last seq a client saw). */
    since: number;
    method?: string;
    /** An endpoint pattern in the scenarios' syntax (`GET /network-monitoring/v1/*`, `/x/**`). */
    path?: string;
    kind?: CallKind;
}
/** Reads the query string of `GET /_fake/calls`; a bad value is a 400 naming the parameter. */
export declare function parseCallsQuery(params: URLSearchParams): CallsQuery;
/**
 * The records that pass the filters. `path` goes through the one endpoint-pattern matcher the
 * scenarios and fault plans use; a pattern with a method (`GET /a/*`) also checks the method.
 */
export declare function filterCalls(calls: readonly CallRecord[], query: CallsQuery): CallRecord[];
