/**
 * Offset of the first JSON syntax error in `text`, or -1 when it is valid. Node 20's
 * JSON.parse often omits the position ("Unexpected token '}', …"), and a fixture error must name
 * line and column, so this scanner finds it.
 */
export declare function jsonErrorOffset(text: string): number;
