import type { Json } from '../types.js';
/**
 * One interned schema node of the request-rule table (`request-rules.json`), compacted from the
 * vendor's documents: only the facts a request is checked against.
 */
export interface RuleNode {
    /** Type, or a list of them (a `nullable` one adds `null`); an untyped node with members is `object`. */
    t?: string | string[];
    /** The allowed values (`enum`; a `const` is a one-value enum). */
    e?: Json[];
    /** Required members. */
    r?: string[];
    /** Members: name → node index. */
    p?: Record<string, number>;
    /** Items' node index. */
    i?: number;
    /** The node every member not in `p` must match (`additionalProperties` as a schema). */
    ad?: number;
    /** `additionalProperties: false`: members not in `p` are refused. */
    ap?: 0;
    /** minimum, maximum, exclusive minimum and maximum. */
    n?: number;
    x?: number;
    en?: number;
    ex?: number;
    /** minLength, maxLength (in code points). */
    nl?: number;
    xl?: number;
    /** minItems, maxItems. */
    ni?: number;
    xi?: number;
    /** RE2 patterns a string must match (`pattern`, or an `x-patterns` entry anchored). */
    pt?: string[];
    /** Union branches (`oneOf`/`anyOf`): the value must match one of them. */
    u?: number[];
    /** A path parameter's documented format (only `uuid` is checked). */
    f?: 'uuid';
}
/** A documented query parameter: its node index (-1: no rule), with `1` when required. */
export type QueryRule = number | [number, 1];
/** One documented operation. */
export interface RuleOperation {
    /** Index into `files`: the document it comes from. */
    d: number;
    /** Its operationId. */
    id: string;
    /** Index into `qsets`: its query parameters. */
    q?: number;
    /** Path parameter name → node index (format or pattern). */
    pp?: Record<string, number>;
    /** Unknown query parameters are refused on this operation's family (live evidence). */
    s?: 1;
    /** The JSON request body's node index. */
    b?: number;
    /** The body is required. */
    br?: 1;
    /** Index into `codes`: the `errorCode` of the document's 400 example for this operation. */
    c?: number;
}
/** The request-rule table: facts derived from the documents, each operation citable. */
export interface RuleTable {
    v: 1;
    /** The pinned sources: repository@commit and folder. */
    sources: {
        central: string;
        greenlake: string;
    };
    /** The documents, cited by index (`greenlake/` prefixed for GreenLake's). */
    files: string[];
    codes: string[];
    nodes: RuleNode[];
    qsets: Record<string, QueryRule>[];
    /** Path template → method → operation. */
    ops: Record<string, Record<string, RuleOperation>>;
}
