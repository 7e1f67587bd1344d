import type { Json } from '../../fake-central/index.js';

/**
 * Keys whose string values identify something: serials, MACs, names, ids, SSIDs, host names,
 * e-mail addresses, IP addresses. A server that read the right field shows them; one that read
 * the wrong key shows `Unknown`, `0` or nothing, which no count or status word can tell apart.
 */
const IDENTIFYING_KEY =
  /serial|mac|name|(^|[a-z_])id$|Id$|uuid|ssid|hostname|identifier|email|ipv4/i;
/** Shorter strings (`up`, `AP`) would be found in almost any text. */
const MIN_LENGTH = 4;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;
const MAC = /^(?:[0-9a-f]{2}[:-]){5}[0-9a-f]{2}$/i;

/**
 * The identifying values of the bodies the fake answered (sorted, unique): strings under
 * identifying keys, at any depth. Values the tool was called with are left out: echoing its own
 * arguments proves nothing about what it read.
 */
export function servedValues(bodies: readonly Json[], argumentValues: Iterable<unknown>): string[] {
  const given = new Set([...argumentValues].map((v) => String(v).toLowerCase()));
  const found = new Set<string>();
  const walk = (value: Json, key: string): void => {
    if (typeof value === 'string') {
      if (
        IDENTIFYING_KEY.test(key) &&
        value.trim().length >= MIN_LENGTH &&
        !TIMESTAMP.test(value) &&
        !given.has(value.toLowerCase())
      )
        found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
    } else if (value !== null && typeof value === 'object') {
      for (const [k, inner] of Object.entries(value)) walk(inner, k);
    }
  };
  for (const body of bodies) walk(body, '');
  return [...found].sort();
}

const compactHex = (text: string): string => text.toLowerCase().replace(/[^0-9a-z]/g, '');
/** The characters a single-word value is made of; anything else ends a word of the text. */
const WORD = /[a-z0-9_\-.:@/]+/g;
const ONE_WORD = /^[a-z0-9_\-.:@/]+$/;

/** The text's words (and each without trailing `.`/`:`), and the 12-hex-digit MACs among them. */
function wordsOf(lower: string): { words: Set<string>; macs: Set<string> } {
  const words = new Set<string>();
  const macs = new Set<string>();
  for (const [word] of lower.matchAll(WORD)) {
    const trimmed = word.replace(/[.:]+$/, '');
    words.add(word);
    words.add(trimmed);
    const hex = compactHex(trimmed);
    if (hex.length === 12 && /^[0-9a-f]+$/.test(hex)) macs.add(hex);
  }
  return { words, macs };
}

/**
 * The values a result's text shows, case-insensitively; a MAC also counts in another notation
 * (`20:4C:03:7D:5D:CD`, `204c.037d.5dcd`). A one-word value is looked up among the text's words
 * (a set: a listing of thousands of values in a megabyte of text stays fast); a value with
 * spaces is searched for as it is.
 */
export function shownValues(values: readonly string[], text: string): string[] {
  const lower = text.toLowerCase();
  const { words, macs } = wordsOf(lower);
  return values.filter((value) => {
    const v = value.toLowerCase();
    if (MAC.test(value)) return macs.has(compactHex(value)) || words.has(v);
    return ONE_WORD.test(v) ? words.has(v) : lower.includes(v);
  });
}
