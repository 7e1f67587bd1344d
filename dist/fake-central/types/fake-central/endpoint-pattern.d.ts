/** HTTP methods a pattern may name. */
export declare const HTTP_METHODS: readonly ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/** A parsed `METHOD /path` endpoint pattern. */
export interface EndpointPattern {
    readonly source: string;
    /** The methods it accepts; `undefined` for `*` or a pattern without a method (any method). */
    readonly methods: ReadonlySet<string> | undefined;
    readonly path: string;
    /** True when it names exactly one endpoint (no `*`, `**` or `{a,b}`). */
    readonly literal: boolean;
    /** Whether a request matches; the path may carry a query string, which is ignored. */
    matches(method: string, path: string): boolean;
}
/** A pattern that does not parse: `message` says what is wrong, `hint` how to write it. */
export declare class EndpointPatternError extends Error {
    readonly hint: string;
    name: string;
    constructor(message: string, hint: string);
}
/**
 * Parses `METHOD /path`: `*` matches one path segment (or part of one), `**` any number of
 * segments, `{a,b}` alternatives within a segment; the method is upper case, `*` or
 * `{GET,HEAD}`, and may be left out (`/path` = any method). Throws {@link EndpointPatternError}
 * whose message and hint say what is wrong and how to write it. Parsed patterns are cached.
 */
export declare function parseEndpointPattern(source: string): EndpointPattern;
/** The parse error of a pattern, or `undefined` when it is valid. */
export declare function endpointPatternProblem(source: string): EndpointPatternError | undefined;
/**
 * A request path as patterns see it: no query or fragment, no trailing slash, each segment
 * percent-decoded (an encoded "/" stays encoded so it cannot create a segment).
 */
export declare function normalizeRequestPath(path: string): string;
/** The first pattern (source text) that matches the request, if any. */
export declare function findMatchingPattern(patterns: readonly string[], method: string, path: string): string | undefined;
/**
 * A documented value grammar (`pattern`, a YANG pattern) compiled with RE2, so checking a request
 * value is linear whatever the pattern; undefined when RE2 cannot compile it (then the fake does
 * not claim the rule).
 */
export declare function compileValuePattern(source: string): ((value: string) => boolean) | undefined;
