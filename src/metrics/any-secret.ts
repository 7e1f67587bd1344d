import { needlesOf, type Haystack } from './leak-scan.js';

/**
 * Whether any needle of any of `secrets` occurs anywhere findSecretAnyForm would look in `hay`
 * (the text, its lower-cased and escape-decoded copies, its base64 and hex streams, and the same
 * of its visible form): one regular-expression pass per text for all the secrets, instead of one
 * `includes` per needle and secret (about 60 needles a secret). False means findSecretAnyForm
 * finds none of them; true means some needle occurs, and the caller looks secret by secret, in
 * its order, as before (which secret and which encoding is decided there alone).
 *
 * Why: the sweep scans every answer (campus-b's listings are megabytes) for the fake's canaries,
 * its bearer tokens and the harness's secrets; with five secrets the per-needle searches took
 * about half a second of the harness's thread per megabyte-long answer.
 */
export function mayHoldSecret(hay: Haystack, secrets: readonly string[], streams = true): boolean {
  const unions = unionsOf(secrets.filter((s) => s !== ''));
  if (unions === null) return false;
  const look = (h: Haystack): boolean => {
    if (unions.text?.test(h.raw) || unions.folded?.test(h.lower)) return true;
    if (h.decoded && (unions.text?.test(h.decoded.text) || unions.folded?.test(h.decoded.lower)))
      return true;
    if (streams) {
      const { base64, hex } = h.streams();
      if (unions.base64?.test(base64) || unions.hex?.test(hex)) return true;
    }
    return false;
  };
  return look(hay) || (hay.visible !== null && look(hay.visible));
}

interface Unions {
  /** Text needles looked for in the text as it is. */
  text: RegExp | null;
  /** Text needles looked for in the lower-cased text (hex). */
  folded: RegExp | null;
  /** Stream needles of the base64 stream, and of the hex stream. */
  base64: RegExp | null;
  hex: RegExp | null;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const union = (texts: readonly string[]): RegExp | null =>
  texts.length === 0 ? null : new RegExp([...new Set(texts)].map(escape).join('|'));

/** The last few secret lists' unions: a sweep asks with the same list answer after answer. */
const unionCache = new Map<string, Unions | null>();

function unionsOf(secrets: readonly string[]): Unions | null {
  if (secrets.length === 0) return null;
  const key = JSON.stringify(secrets);
  const cached = unionCache.get(key);
  if (cached !== undefined) return cached;
  const text: string[] = [];
  const folded: string[] = [];
  const base64: string[] = [];
  const hex: string[] = [];
  for (const secret of secrets) {
    const needles = needlesOf(secret);
    for (const n of needles.text) (n.folded ? folded : text).push(n.text);
    for (const n of needles.stream) (n.encoding.startsWith('hex') ? hex : base64).push(n.text);
  }
  const unions = {
    text: union(text),
    folded: union(folded),
    base64: union(base64),
    hex: union(hex),
  };
  if (unionCache.size > 16) unionCache.clear();
  unionCache.set(key, unions);
  return unions;
}
