/** A compiled `METHOD /path` pattern. */
export type EndpointMatcher = (method: string, path: string) => boolean;

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^$()|[\]\\]/g, '\\$&');
}

function segmentSource(segment: string): string {
  // `{a,b}` alternatives first, then `*` as the rest of one segment.
  return segment
    .split(/(\{[^}]*\})/)
    .map((part) =>
      part.startsWith('{') && part.endsWith('}')
        ? `(?:${part
            .slice(1, -1)
            .split(',')
            .map((alt) => escapeRegExp(alt).replace(/\*/g, '[^/]*'))
            .join('|')})`
        : escapeRegExp(part).replace(/\*/g, '[^/]*'),
    )
    .join('');
}

/**
 * Compiles an endpoint pattern as the scenarios write them (DESIGN.md): `METHOD /path` where
 * `*` is one segment, `**` any number of segments and `{a,b}` alternatives. The method may be
 * `*` or left out (any method); the query string of a request is never part of the match.
 */
export function compileEndpointPattern(pattern: string): EndpointMatcher {
  const m = /^\s*(?:([A-Za-z]+|\*)\s+)?(\/\S*)\s*$/.exec(pattern);
  if (!m?.[2]) throw new Error(`Endpoint pattern "${pattern}" must look like "GET /path/*"`);
  const method = m[1]?.toUpperCase() ?? '*';
  const segments = m[2].split('/').filter((s) => s !== '');
  let source = '';
  for (const segment of segments) {
    source += segment === '**' ? '(?:/[^/]+)*' : `/${segmentSource(segment)}`;
  }
  const path = new RegExp(`^${source === '' ? '/' : source}/?$`);
  return (reqMethod, reqPath) =>
    (method === '*' || method === reqMethod.toUpperCase()) && path.test(reqPath);
}
