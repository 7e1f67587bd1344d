import type { Json, RefusalRule } from '../types.js';
import type { RuleNode } from './table.js';
/** The first rule a value breaks: which, where (a JSON pointer) and why, as a predicate (`must be …`). */
export interface BrokenRule {
    rule: RefusalRule;
    pointer: string;
    reason: string;
}
/** The table's nodes and a cached pattern compiler, all the checker needs. */
export interface CheckContext {
    nodes: readonly RuleNode[];
    pattern: (source: string) => ((value: string) => boolean) | undefined;
    /** Body pointers left unchecked on this request (SPEC.md §13 deviations). */
    skip?: ReadonlySet<string>;
}
/** The JSON type of a value, `integer` for whole numbers (JSON Schema's reading). */
export declare function jsonType(value: Json): string;
/** `must be one of A, B, … (23 values)`: the list cut so a message stays readable. */
export declare function enumReason(values: readonly Json[]): string;
/**
 * The first rule of node `index` that `value` breaks, or undefined. Readings of the documents
 * (SPEC.md §9): a node with members and no type is an object; a union holds when any branch
 * does; under merge-patch (`merge`, PATCH) `null` removes a member and `required` is not
 * enforced (RFC 7386); members the node does not name are accepted unless it forbids them.
 */
export declare function checkValue(ctx: CheckContext, index: number, value: Json, pointer: string, merge: boolean): BrokenRule | undefined;
