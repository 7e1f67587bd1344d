import { RE2JS } from 're2js';

/**
 * Regular expressions from files the harness does not control (`result_schema` patterns) run on
 * RE2JS, a pure-JavaScript port of RE2: matching is linear in the input whatever the pattern,
 * so `^(a+)+$` against a long answer cannot hang a run as it does on V8's backtracking engine.
 * RE2 has no backreferences or lookaround; a pattern using them is rejected by `validate`.
 * Differences that remain: RE2's `\d`, `\w`, `\s` and `\b` are ASCII-only.
 */

/** What Ajv's `code.regExp` option takes: `(pattern, flags) => {test}` plus a `code` label. */
export interface RegExpEngine {
  (pattern: string, flags: string): { test: (text: string) => boolean };
  code: string;
}

/** Compiles `pattern` (JavaScript syntax) for RE2JS; throws RE2's syntax error when it cannot. */
export function compileLinear(
  pattern: string,
  flags = '',
): { test: (text: string) => boolean; toString: () => string } {
  const re = RE2JS.compile(
    RE2JS.translateRegExp(pattern),
    flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0,
  );
  // Ajv keys its compiled patterns by toString(): it must differ from pattern to pattern.
  const source = `/${pattern}/${flags}`;
  return { test: (text: string) => re.test(text), toString: () => source };
}

/** The engine for Ajv: every `pattern` and `patternProperties` key is matched by RE2JS. */
export const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => compileLinear(pattern, flags),
  { code: 're2js' },
);

/**
 * A nested unbounded quantifier — `(a+)+`, `(\w*)*`, `(x+y?)+` — the shape that takes
 * exponential time on a backtracking engine. Returns the offending group's text, if any.
 * Character classes and escapes are skipped; bounded repeats (`{2,5}`) are not counted.
 */
export function nestedQuantifier(pattern: string): string | undefined {
  // For each open group: where it starts and whether it holds an unbounded quantifier.
  const stack: { start: number; unbounded: boolean }[] = [];
  let last: { start: number; unbounded: boolean } | undefined;
  const unboundedAt = (i: number): boolean => {
    const char = pattern[i];
    if (char === '*' || char === '+') return true;
    return char === '{' && /^\{\d*,\}/.test(pattern.slice(i, i + 12));
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (char === '[') {
      // Skip the class: its end is the first unescaped "]" after the first character.
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      continue;
    }
    if (char === '(') {
      stack.push({ start: i, unbounded: false });
      continue;
    }
    if (char === ')') {
      last = stack.pop();
      if (!last) continue;
      if (unboundedAt(i + 1) && last.unbounded) return pattern.slice(last.start, i + 2);
      // The group's quantifiers count for the group around it too.
      const outer = stack.at(-1);
      if (outer && (last.unbounded || unboundedAt(i + 1))) outer.unbounded = true;
      continue;
    }
    if (unboundedAt(i)) {
      const top = stack.at(-1);
      if (top) top.unbounded = true;
    }
  }
  return undefined;
}

/**
 * Why `pattern` may not be used in a scenario, or undefined: RE2 cannot run it (backreferences,
 * lookaround), or it nests unbounded quantifiers (catastrophic on every backtracking engine that
 * reads the same schema, the harness's own Ajv before this check included).
 */
export function unsafePatternProblem(
  pattern: string,
): { message: string; hint: string } | undefined {
  try {
    compileLinear(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      message: `pattern ${JSON.stringify(pattern)} cannot run on a linear-time engine (${reason})`,
      hint: 'backreferences (\\1) and lookaround ((?=…), (?!…), (?<=…)) are not supported: match the value without them',
    };
  }
  const nested = nestedQuantifier(pattern);
  if (nested !== undefined) {
    return {
      message: `pattern ${JSON.stringify(pattern)} nests unbounded quantifiers in ${JSON.stringify(nested)}, which takes exponential time on backtracking regex engines`,
      hint: 'quantify the inner part only, e.g. (a+)+ → a+, (\\w+\\s?)+ → [\\w\\s]+',
    };
  }
  return undefined;
}
