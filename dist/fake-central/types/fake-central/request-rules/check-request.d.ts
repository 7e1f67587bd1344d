import type { Json } from '../types.js';
import { type BrokenRule, type CheckContext } from './check-value.js';
import type { DocumentedOperation } from './lookup.js';
import type { RuleTable } from './table.js';
/** What the checker needs of a request; the body is parsed only when the operation has rules for it. */
export interface CheckedRequest {
    method: string;
    query: URLSearchParams;
    contentType: string;
    body: () => Json | undefined;
}
/** The first documented rule the request breaks: path, then query, then body. */
export declare function checkRequest(ctx: CheckContext, table: RuleTable, op: DocumentedOperation, req: CheckedRequest): BrokenRule | undefined;
