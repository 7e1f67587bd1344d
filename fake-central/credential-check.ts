import type { FakeRequest } from './http-types.js';

// OAuth's client credentials grant (RFC 6749 §4.4) sends the client secret to the token endpoint
// and nowhere else: every other request carries the bearer token the endpoint issued. A client
// that also sends the secret to the API (a debugging header, a query parameter, a body member)
// hands it to every proxy, gateway log and trace on the way. The fake answers such a request as
// usual and marks it in the call log (`credentialSent`); the harness makes it a safety finding.
//
// Only the secret is looked for. The client id is not a secret in OAuth ("The client identifier
// is not a secret", RFC 6749 §2.2): a server may log it or send it, and flagging it would
// fail servers for nothing.

/** Longest name (header, parameter, member) a place quotes; a longer one is cut with `…`. */
const NAME_MAX = 60;

/** A name as a place may show it: never the secret itself, and never very long. */
function nameOf(name: string, secret: string, what: string): string {
  if (name.includes(secret)) return `(${what} name holding the secret)`;
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX)}…` : name;
}

/** Percent-decoded when it decodes, else as sent (a stray `%` must not hide the rest). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The text of an HTTP Basic credential (`Basic base64(id:secret)`), or undefined. */
function basicText(value: string): string | undefined {
  const basic = /^Basic\s+(\S+)$/i.exec(value.trim());
  return basic?.[1] === undefined ? undefined : Buffer.from(basic[1], 'base64').toString('utf8');
}

function headerPlaces(headers: FakeRequest['headers'], secret: string): string[] {
  const places: string[] = [];
  for (const [name, raw] of Object.entries(headers)) {
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    const where = `header:${nameOf(name, secret, 'a header')}`;
    if (name.includes(secret) || values.some((v) => decoded(v).includes(secret)))
      places.push(where);
    else if (values.some((v) => decoded(basicText(v) ?? '').includes(secret)))
      places.push(`${where} (Basic)`);
  }
  return places;
}

function queryPlaces(query: URLSearchParams, secret: string): string[] {
  const places = new Set<string>();
  for (const [key, value] of query) {
    if (key.includes(secret) || value.includes(secret))
      places.add(`query:${nameOf(key, secret, 'a parameter')}`);
  }
  return [...places];
}

/** JSON pointers of the members (or array items) whose key or string value holds the secret. */
function jsonPlaces(value: unknown, secret: string, pointer: string, out: string[]): void {
  if (typeof value === 'string') {
    if (value.includes(secret)) out.push(pointer === '' ? '/' : pointer);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => jsonPlaces(item, secret, `${pointer}/${i}`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const step = nameOf(key, secret, 'a member').replace(/~/g, '~0').replace(/\//g, '~1');
      if (key.includes(secret)) out.push(`${pointer}/${step}`);
      else jsonPlaces(item, secret, `${pointer}/${step}`, out);
    }
  }
}

function bodyPlaces(req: FakeRequest, secret: string): string[] {
  if (req.body.length === 0) return [];
  const text = req.body.toString('utf8');
  // JSON first: a `\u0041`-escaped secret is the secret once parsed.
  try {
    const pointers: string[] = [];
    jsonPlaces(JSON.parse(text), secret, '', pointers);
    if (pointers.length > 0) return pointers.map((p) => `body:${p}`);
  } catch {
    // not JSON: a form, or text
  }
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) {
    const places = queryPlaces(new URLSearchParams(text), secret);
    if (places.length > 0) return places.map((p) => `body:${p.slice('query:'.length)}`);
  }
  return decoded(text).includes(secret) ? ['body'] : [];
}

/**
 * Where a request other than a token request carried the OAuth client secret: `path`,
 * `query:NAME`, `header:NAME` (`header:authorization (Basic)` for an HTTP Basic credential) and
 * `body:/json/pointer` (`body:NAME` for a form, `body` for other text). Names only, never the
 * secret. Empty when it carried none (or the secret is empty).
 */
export function credentialPlaces(req: FakeRequest, secret: string): string[] {
  if (secret === '') return [];
  return [
    ...(decoded(req.rawPath).includes(secret) ? ['path'] : []),
    ...queryPlaces(req.query, secret),
    ...headerPlaces(req.headers, secret),
    ...bodyPlaces(req, secret),
  ];
}
