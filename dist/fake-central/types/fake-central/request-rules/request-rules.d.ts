import type { Json, RefusedRequest } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import type { RuleTable } from './table.js';
/** A request as the checker sees it. */
export interface RequestToCheck {
    method: string;
    rawPath: string;
    query: URLSearchParams;
    contentType: string;
    /** The parsed body (parsed once, shared with the handler). */
    body: () => Json | undefined;
    /** Seeds the refusal's `debugId`: the bundle and the request's sequence number. */
    debugSeed: string;
}
/** The sources the rule table was derived from (SPEC.md §1). */
export declare const REQUEST_RULE_SOURCES: Readonly<RuleTable['sources']>;
/**
 * Checks a request against the documented operation it addresses. Undefined when it breaks no
 * rule or no document describes it; otherwise the family's 400 and what was refused.
 */
export declare function refuseByDocuments(req: RequestToCheck): {
    response: FakeResponse;
    refused: RefusedRequest;
} | undefined;
