import { RE2JS } from 're2js';
import { didYouMean } from './did-you-mean.js';

// The one endpoint-pattern matcher: scenarios (expect.api_calls, must_not_call, …), the metrics
// and fault plans (`match`) all read patterns through this file. Globs compile to RE2JS, a port
// of RE2 whose matching is linear in the path whatever the pattern (see globToRegExp).

/** HTTP methods a pattern may name. */
export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

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
export class EndpointPatternError extends Error {
  override name = 'EndpointPatternError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

const EXAMPLE = 'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*';
const LITERAL = /^[A-Za-z0-9._~:@%=-]$/;
const METHODS: readonly string[] = HTTP_METHODS;

function fail(source: string, problem: string, hint: string): never {
  throw new EndpointPatternError(`bad endpoint pattern "${source}": ${problem}`, hint);
}

function parseMethods(source: string, token: string): ReadonlySet<string> | undefined {
  if (token === '*') return undefined;
  const names =
    token.startsWith('{') && token.endsWith('}') ? token.slice(1, -1).split(',') : [token];
  for (const name of names) {
    if (METHODS.includes(name)) continue;
    if (METHODS.includes(name.toUpperCase())) {
      fail(source, `method "${name}" must be upper case`, `write ${name.toUpperCase()}`);
    }
    fail(
      source,
      `unknown method "${name}"`,
      `${didYouMean(name.toUpperCase(), METHODS)}methods: ${METHODS.join(', ')}, * (any) or {GET,HEAD}`,
    );
  }
  return new Set(names);
}

function checkSegment(source: string, segment: string): void {
  if (segment === '') {
    fail(source, 'empty path segment ("//" or a trailing "/")', 'remove the extra "/"');
  }
  if (segment.includes('**') && segment !== '**') {
    fail(
      source,
      `"**" must be a whole segment, got "${segment}"`,
      'use /a/** for any depth, or * within one segment, e.g. /aps/*-trends',
    );
  }
  let inBraces = false;
  let alternatives = 0;
  for (const char of segment) {
    if (char === '{') {
      if (inBraces) fail(source, 'nested "{" in alternatives', 'write one {a,b} group per place');
      inBraces = true;
      alternatives = 1;
    } else if (char === '}') {
      if (!inBraces) fail(source, 'unmatched "}"', 'alternatives are written {a,b}');
      if (alternatives < 2) {
        fail(
          source,
          `"{…}" needs at least two alternatives in "${segment}"`,
          'use * for a path parameter, e.g. GET /network-monitoring/v1/clients/*; {a,b} lists alternatives',
        );
      }
      inBraces = false;
    } else if (char === ',') {
      if (!inBraces) fail(source, '"," outside {a,b}', 'commas only separate alternatives in {…}');
      alternatives++;
    } else if (char !== '*' && !LITERAL.test(char)) {
      fail(source, `character "${char}" is not allowed in a path pattern`, EXAMPLE);
    }
  }
  if (inBraces) {
    fail(
      source,
      `unclosed "{" in segment "${segment}"`,
      'alternatives stay within one path segment: {a,b}/c, not {a,b/c}',
    );
  }
}

const escapeLiteral = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One segment's glob (`*`, `{a,b}`, literals) as a regular expression that stays in the segment. */
function segmentRegExp(segment: string): string {
  // A segment that is only "*" names a path parameter: one non-empty segment.
  if (segment === '*') return '[^/]+';
  let out = '';
  let alternative = '';
  let inBraces = false;
  const piece = (text: string) => text.split('*').map(escapeLiteral).join('[^/]*');
  for (const char of segment) {
    if (char === '{') {
      inBraces = true;
      out += '(?:';
      alternative = '';
    } else if (char === '}') {
      inBraces = false;
      out += `${piece(alternative)})`;
    } else if (char === ',' && inBraces) {
      out += `${piece(alternative)}|`;
      alternative = '';
    } else if (inBraces) {
      alternative += char;
    } else {
      out += char === '*' ? '[^/]*' : escapeLiteral(char);
    }
  }
  return out;
}

/**
 * A checked path glob as an anchored regular expression for RE2JS (linear-time matching, so a
 * pattern such as `/*a*a*a*a*b` cannot backtrack on a long request path): `**` is any number
 * of segments, none included (so `/a/**` also matches `/a`).
 */
function globToRegExp(path: string): string {
  if (path === '/') return '^/$';
  const segments = path.slice(1).split('/');
  return `^${segments.map((segment) => (segment === '**' ? '(?:/[^/]*)*' : `/${segmentRegExp(segment)}`)).join('')}$`;
}

function parse(source: string): EndpointPattern {
  // A bare path is any method, as `* /path` is.
  const parts = source.startsWith('/') ? /^()(\S+)$/.exec(source) : /^(\S+) (\S+)$/.exec(source);
  if (!parts) fail(source, 'expected "METHOD /path"', EXAMPLE);
  const [, methodToken = '', path = ''] = parts;
  const methods = methodToken === '' ? undefined : parseMethods(source, methodToken);
  if (path.includes('?') || path.includes('#')) {
    fail(
      source,
      'query strings are not part of a pattern',
      `match the path only: ${methodToken} ${path.replace(/[?#].*$/, '')}`,
    );
  }
  if (!path.startsWith('/'))
    fail(source, 'the path must start with "/"', `write ${methodToken} /${path}`);
  if (path !== '/')
    path
      .slice(1)
      .split('/')
      .forEach((segment) => checkSegment(source, segment));
  const glob = RE2JS.compile(globToRegExp(path));
  const isMatch = (p: string): boolean => glob.test(p);
  return {
    source,
    methods,
    path,
    literal: methods?.size === 1 && !/[*{]/.test(path),
    matches: (method, requestPath) =>
      (methods === undefined || methods.has(method.toUpperCase())) &&
      isMatch(normalizeRequestPath(requestPath)),
  };
}

const cache = new Map<string, EndpointPattern>();

/**
 * Parses `METHOD /path`: `*` matches one path segment (or part of one), `**` any number of
 * segments, `{a,b}` alternatives within a segment; the method is upper case, `*` or
 * `{GET,HEAD}`, and may be left out (`/path` = any method). Throws {@link EndpointPatternError}
 * whose message and hint say what is wrong and how to write it. Parsed patterns are cached.
 */
export function parseEndpointPattern(source: string): EndpointPattern {
  let pattern = cache.get(source);
  if (!pattern) {
    pattern = parse(source);
    cache.set(source, pattern);
  }
  return pattern;
}

/** The parse error of a pattern, or `undefined` when it is valid. */
export function endpointPatternProblem(source: string): EndpointPatternError | undefined {
  try {
    parseEndpointPattern(source);
    return undefined;
  } catch (error) {
    if (error instanceof EndpointPatternError) return error;
    throw error;
  }
}

/**
 * A request path as patterns see it: no query or fragment, no trailing slash, each segment
 * percent-decoded (an encoded "/" stays encoded so it cannot create a segment).
 */
export function normalizeRequestPath(path: string): string {
  const bare = path.replace(/[?#].*$/, '');
  const trimmed = bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
  return trimmed
    .split('/')
    .map((segment) => {
      try {
        const decoded = decodeURIComponent(segment);
        return decoded.includes('/') ? segment : decoded;
      } catch {
        return segment;
      }
    })
    .join('/');
}

/** The first pattern (source text) that matches the request, if any. */
export function findMatchingPattern(
  patterns: readonly string[],
  method: string,
  path: string,
): string | undefined {
  return patterns.find((source) => parseEndpointPattern(source).matches(method, path));
}

/**
 * A documented value grammar (`pattern`, a YANG pattern) compiled with RE2, so checking a request
 * value is linear whatever the pattern; undefined when RE2 cannot compile it (then the fake does
 * not claim the rule).
 */
export function compileValuePattern(source: string): ((value: string) => boolean) | undefined {
  try {
    const re = RE2JS.compile(source);
    return (value) => re.matcher(value).find();
  } catch {
    return undefined;
  }
}
