/**
 * Regular expressions from files the harness does not control (`result_schema` patterns) run on
 * RE2JS, a pure-JavaScript port of RE2: matching is linear in the input whatever the pattern,
 * so `^(a+)+$` against a long answer cannot hang a run as it does on V8's backtracking engine.
 * RE2 has no backreferences or lookaround; a pattern using them is rejected by `validate`.
 * Differences that remain: RE2's `\d`, `\w`, `\s` and `\b` are ASCII-only.
 */
/** What Ajv's `code.regExp` option takes: `(pattern, flags) => {test}` plus a `code` label. */
export interface RegExpEngine {
    (pattern: string, flags: string): {
        test: (text: string) => boolean;
    };
    code: string;
}
/** Compiles `pattern` (JavaScript syntax) for RE2JS; throws RE2's syntax error when it cannot. */
export declare function compileLinear(pattern: string, flags?: string): {
    test: (text: string) => boolean;
    toString: () => string;
};
/** The engine for Ajv: every `pattern` and `patternProperties` key is matched by RE2JS. */
export declare const linearRegExp: RegExpEngine;
/**
 * A nested unbounded quantifier — `(a+)+`, `(\w*)*`, `(x+y?)+` — the shape that takes
 * exponential time on a backtracking engine. Returns the offending group's text, if any.
 * Character classes and escapes are skipped; bounded repeats (`{2,5}`) are not counted.
 */
export declare function nestedQuantifier(pattern: string): string | undefined;
/**
 * Why `pattern` may not be used in a scenario, or undefined: RE2 cannot run it (backreferences,
 * lookaround), or it nests unbounded quantifiers (catastrophic on every backtracking engine that
 * reads the same schema, the harness's own Ajv before this check included).
 */
export declare function unsafePatternProblem(pattern: string): {
    message: string;
    hint: string;
} | undefined;
