/**
 * Finds secrets in text however a server dressed them: as text, base64 / base64url (at each of
 * the three byte alignments a secret can have inside a larger encoded blob, wrapped with line
 * breaks or separators other than `-` and `_`, nested up to three levels, or of its UTF-16LE
 * bytes), hex (either case,
 * with or without separators), percent-encoding, JSON / Unicode escapes and HTML character
 * references, and with invisible format characters between its own or in compatibility forms.
 * Pure and linear in the text searched: every encoding of a secret is a fixed needle looked for
 * with `includes` (in the text, and in its base64 and hex streams: the text with every character
 * outside the alphabet removed, so separators and line breaks do not split a blob), and the
 * escape-decoding pass is one regular-expression replace with no backtracking.
 */
import { textStreams } from './text-streams.js';

/** The encodings a leak is found in; `text` is the secret as it is. */
export const LEAK_ENCODINGS = [
  'text',
  'base64',
  'base64url',
  'base64 of base64',
  'base64 of base64 of base64',
  'base64 of UTF-16LE',
  'hex',
  'hex of UTF-16LE',
  'percent-encoded',
  'escaped',
] as const;
export type LeakEncoding = (typeof LEAK_ENCODINGS)[number];

/** A secret to look for; `label` is how a finding names it (never the value itself). */
export interface Secret {
  label: string;
  value: string;
}

export interface Needle {
  encoding: LeakEncoding;
  text: string;
  /** Search the lower-cased haystack (hex in either case). */
  folded: boolean;
}

/**
 * The base64 characters that depend on `bytes` alone when they sit `shift` bytes after a 3-byte
 * boundary of a larger blob: the characters that also carry bits of the neighbouring bytes are
 * dropped, so the needle matches whatever surrounds the secret.
 */
function base64Core(bytes: Buffer, shift: number): string {
  const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
  const first = Math.ceil((shift * 8) / 6);
  const end = Math.floor(((shift + bytes.length) * 8) / 6);
  return encoded.slice(first, end);
}

/** The base64 cores of `bytes` at the three alignments, in the standard alphabet. */
const cores = (bytes: Buffer): string[] => [0, 1, 2].map((shift) => base64Core(bytes, shift));
const toUrl = (b64: string): string => b64.replace(/\+/g, '-').replace(/\//g, '_');

/**
 * The needles of one secret: `text` and the ones found in the text as it is; `stream`, the
 * standard-alphabet base64 and hex needles looked for in the text's base64 and hex streams
 * (haystack). A nested level is the base64 of a text holding the previous level's core, in
 * either alphabet, at any alignment: 18 needles for two levels, 108 for three.
 */
export interface Needles {
  text: Needle[];
  stream: Needle[];
}

/** Needles this short could match by chance in a long stream: not looked for there. */
const MIN_STREAM_NEEDLE = 12;

const needleCache = new Map<string, Needles>();

/** Every needle of `value` (cached per value): the text ones and the stream ones. */
export function needlesOf(value: string): Needles {
  let needles = needleCache.get(value);
  if (needles) return needles;
  const bytes = Buffer.from(value, 'utf8');
  const wide = Buffer.from(value, 'utf16le');
  const text: Needle[] = [{ encoding: 'text', text: value, folded: false }];
  for (const core of cores(bytes)) {
    text.push({ encoding: 'base64', text: core, folded: false });
    const url = toUrl(core);
    if (url !== core) text.push({ encoding: 'base64url', text: url, folded: false });
  }
  text.push({ encoding: 'hex', text: bytes.toString('hex'), folded: true });
  const stream: Needle[] = [];
  const add = (encoding: LeakEncoding, list: readonly string[]): void => {
    for (const t of new Set(list))
      if (t.length >= MIN_STREAM_NEEDLE) stream.push({ encoding, text: t, folded: false });
  };
  const level1 = cores(bytes);
  const nest = (inner: readonly string[]): string[] =>
    inner.flatMap((t) => cores(Buffer.from(t, 'latin1')));
  const level2 = nest(level1);
  add('base64', level1);
  add('base64 of UTF-16LE', cores(wide));
  add('base64 of base64', [...level2, ...nest(level1.map(toUrl))]);
  // The third level's inner two in the standard alphabet: 27 needles, not 108.
  add('base64 of base64 of base64', nest(level2));
  add('hex', [bytes.toString('hex')]);
  add('hex of UTF-16LE', [wide.toString('hex')]);
  needles = { text, stream };
  if (needleCache.size > 1_000) needleCache.clear();
  needleCache.set(value, needles);
  return needles;
}

const ESCAPE =
  /%([0-9a-fA-F]{2})|\\u\{([0-9a-fA-F]{1,6})\}|\\u([0-9a-fA-F]{4})|\\x([0-9a-fA-F]{2})|\\([/"'\\])|&#[xX]([0-9a-fA-F]{1,6});|&#([0-9]{1,7});/g;

function codePoint(hex: string | undefined, radix = 16): string {
  const value = Number.parseInt(hex ?? '', radix);
  return value <= 0x10ffff ? String.fromCodePoint(value) : '';
}

/**
 * Decodes, in one pass, the escapes a secret can hide behind: `%XX` (each byte as a character,
 * so ASCII secrets come out whole), `\uXXXX`, `\u{X…}`, `\xXX`, `\/`, `\"` and HTML `&#…;`.
 * Returns which kinds were decoded, so a finding can name them.
 */
export function decodeEscapes(text: string): { text: string; percent: boolean; escaped: boolean } {
  let percent = false;
  let escaped = false;
  const decoded = text.replace(
    ESCAPE,
    (
      _match,
      pct?: string,
      brace?: string,
      u4?: string,
      x2?: string,
      simple?: string,
      hx?: string,
      dec?: string,
    ) => {
      if (pct !== undefined) {
        percent = true;
        return String.fromCharCode(Number.parseInt(pct, 16));
      }
      escaped = true;
      if (simple !== undefined) return simple;
      if (dec !== undefined) return codePoint(dec, 10);
      return codePoint(brace ?? u4 ?? x2 ?? hx);
    },
  );
  return { text: decoded, percent, escaped };
}

/**
 * Text as a reader sees it: NFKC-normalised (full-width and compatibility forms folded to the
 * plain characters) with the invisible format characters removed (zero-width spaces and joiners,
 * the BOM, bidirectional controls: Unicode category Cf), so a secret with such characters
 * between its own still reads as the secret.
 */
export function visibleText(text: string): string {
  // ASCII is its own NFKC form and holds no Cf character (the first is U+00AD): most of what a
  // run says (JSON of the fixture) is ASCII, and normalising it was the scan's largest cost.
  if (!NON_ASCII.test(text)) return text;
  return text.normalize('NFKC').replace(/\p{Cf}/gu, '');
}

/**
 * A character other than printable ASCII, tab and line breaks (a text with another control
 * character takes the long way, with the same result). No `g` flag: test() keeps no state.
 */
const NON_ASCII = /[^\t\n\r -~]/;

/** A prepared haystack: the text, its lower-cased copy and its escape-decoded copy. */
export interface Haystack {
  raw: string;
  lower: string;
  decoded: { text: string; lower: string; percent: boolean; escaped: boolean } | null;
  /** The visible text (visibleText) when it differs from the raw text. */
  visible: Haystack | null;
  /**
   * The text's base64 stream (every character outside the alphabet removed, base64url's `-`
   * and `_` read as `+` and `/`) and its hex stream (hex digits only, lower case). Built on
   * first use.
   */
  streams: () => { base64: string; hex: string };
}

/** Built once, on first use. */
function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Prepares `text` for {@link findSecret}; do it once per text, then look for every secret. */
export function haystack(text: string): Haystack {
  const decoded = decodeEscapes(text);
  const visible = visibleText(text);
  const plain = decoded.text === text ? text : decoded.text;
  return {
    raw: text,
    lower: text.toLowerCase(),
    decoded: decoded.text === text ? null : { ...decoded, lower: decoded.text.toLowerCase() },
    visible: visible === text ? null : haystack(visible),
    // Built from the escape-decoded text: a JSON string's `\\n` line breaks are separators.
    streams: lazy(() => textStreams(plain)),
  };
}

const B64_CHAR = /[A-Za-z0-9+/_=-]/;

/**
 * Where a secret's base64 characters happen to be the same in both alphabets, the blob around
 * them tells which one the server used.
 */
function alphabetAt(text: string, index: number, length: number): 'base64' | 'base64url' {
  let start = index;
  let end = index + length;
  while (start > 0 && B64_CHAR.test(text.charAt(start - 1))) start--;
  while (end < text.length && B64_CHAR.test(text.charAt(end))) end++;
  const blob = text.slice(start, end);
  return /[-_]/.test(blob) && !/[+/]/.test(blob) ? 'base64url' : 'base64';
}

/** The encoding a needle was found in, reading the blob for base64's two alphabets. */
function located(needle: Needle, text: string): string | undefined {
  const index = text.indexOf(needle.text);
  if (index < 0) return undefined;
  return needle.encoding === 'base64'
    ? alphabetAt(text, index, needle.text.length)
    : needle.encoding;
}

/**
 * The encoding `secret` appears in within `hay`, or undefined. Plain text wins; an encoding
 * found only after decoding escapes is named with both (`base64, escaped`).
 */
export function findSecret(
  hay: Haystack,
  secret: string,
  /** Look in the base64 and hex streams too (false: the caller knows they hold nothing). */
  streams = true,
): string | undefined {
  if (secret === '') return undefined;
  const needles = needlesOf(secret);
  for (const needle of needles.text) {
    const found = located(needle, needle.folded ? hay.lower : hay.raw);
    if (found !== undefined) return found;
  }
  const decoded = hay.decoded;
  if (decoded) {
    const how = [decoded.percent ? 'percent-encoded' : '', decoded.escaped ? 'escaped' : '']
      .filter(Boolean)
      .join('+');
    for (const needle of needles.text) {
      const found = located(needle, needle.folded ? decoded.lower : decoded.text);
      if (found !== undefined) return found === 'text' ? how : `${found}, ${how}`;
    }
  }
  if (!streams) return undefined;
  for (const needle of needles.stream) {
    const hex = needle.encoding.startsWith('hex');
    const { base64, hex: hexStream } = hay.streams();
    if (!(hex ? hexStream : base64).includes(needle.text)) continue;
    const whole = hex
      ? hay.lower.includes(needle.text)
      : hay.raw.includes(needle.text) || hay.raw.includes(toUrl(needle.text));
    return whole ? needle.encoding : `${needle.encoding}, with separators or line breaks`;
  }
  return undefined;
}

/**
 * {@link findSecret} on the text, then on its visible form: an encoding found only there is
 * named with `hidden by invisible characters`.
 */
export function findSecretAnyForm(
  hay: Haystack,
  secret: string,
  streams = true,
): string | undefined {
  const plain = findSecret(hay, secret, streams);
  if (plain !== undefined || !hay.visible) return plain;
  const hidden = findSecret(hay.visible, secret, streams);
  return hidden === undefined
    ? undefined
    : `${hidden === 'text' ? '' : `${hidden}, `}hidden by invisible or compatibility characters`;
}

/**
 * Whether any wrapped, nested or wide encoding of `secret` is in the streams of `hay` (or of
 * its visible form): one search over a whole run's text, so that each place's streams are
 * searched only when the run holds such an encoding somewhere.
 */
export function inStreams(hay: Haystack, secret: string): boolean {
  const needles = needlesOf(secret).stream;
  const hit = (h: Haystack): boolean => {
    const { base64, hex } = h.streams();
    return needles.some((n) => (n.encoding.startsWith('hex') ? hex : base64).includes(n.text));
  };
  return hit(hay) || (hay.visible !== null && hit(hay.visible));
}
