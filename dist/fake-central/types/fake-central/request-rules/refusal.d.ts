import type { RefusedRequest } from '../types.js';
import type { FakeResponse } from '../http-types.js';
import type { BrokenRule } from './check-value.js';
import type { DocumentedOperation } from './lookup.js';
import type { RuleTable } from './table.js';
/** The message naming the place and the rule, in the family's wording. */
export declare function refusalMessage(path: string, broken: BrokenRule): string;
/**
 * The answer to a refused request: 400 with the family's error body (GreenLake's `errorDetails`
 * issue for its documents) and a `debugId` unique to this request yet reproducible: a hash of the
 * bundle and the request's sequence number, which restarts on reset.
 */
export declare function refusal(table: RuleTable, op: DocumentedOperation, path: string, broken: BrokenRule, debugSeed: string): {
    response: FakeResponse;
    refused: RefusedRequest;
};
