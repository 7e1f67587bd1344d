import type { RuleOperation, RuleTable } from './table.js';
/** A request matched to the documented operation it addresses. */
export interface DocumentedOperation {
    /** `METHOD /template` as the document spells it. */
    operation: string;
    rule: RuleOperation;
    /** The path parameters, percent-decoded, by the document's names. */
    params: Record<string, string>;
}
interface TrieNode {
    literal: Map<string, TrieNode>;
    param?: TrieNode;
    /** method → operation and the names of the `{param}` segments on the way here. */
    ops?: Map<string, {
        template: string;
        rule: RuleOperation;
        names: string[];
    }>;
}
/** A segment trie of the documented templates: a literal segment beats `{param}` (OpenAPI's rule). */
export declare function buildTrie(table: RuleTable): TrieNode;
/**
 * The documented operation `method rawPath` addresses, or undefined (then nothing is checked).
 * The fake serves every family under v1 and v1alpha1 (SPEC.md §4), so the other version is tried
 * when the one sent is not documented.
 */
export declare function lookupOperation(trie: TrieNode, method: string, rawPath: string): DocumentedOperation | undefined;
export type { TrieNode };
