/**
 * Finds secrets in text however a server dressed them: as text, base64 / base64url (at each of
 * the three byte alignments a secret can have inside a larger encoded blob), hex (either case),
 * percent-encoding, JSON / Unicode escapes and HTML character references, and with invisible
 * format characters between its own or in compatibility forms. Pure and linear in the
 * text searched: every encoding of a secret is a fixed needle looked for with `includes`, and the
 * escape-decoding pass is one regular-expression replace with no backtracking.
 */

/** The encodings a leak is found in; `text` is the secret as it is. */
export const LEAK_ENCODINGS = [
  'text',
  'base64',
  'base64url',
  'hex',
  'percent-encoded',
  'escaped',
] as const;
export type LeakEncoding = (typeof LEAK_ENCODINGS)[number];

/** A secret to look for; `label` is how a finding names it (never the value itself). */
export interface Secret {
  label: string;
  value: string;
}

interface Needle {
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

const needleCache = new Map<string, Needle[]>();

function needlesOf(value: string): Needle[] {
  let needles = needleCache.get(value);
  if (needles) return needles;
  const bytes = Buffer.from(value, 'utf8');
  needles = [{ encoding: 'text', text: value, folded: false }];
  for (const shift of [0, 1, 2]) {
    const core = base64Core(bytes, shift);
    needles.push({ encoding: 'base64', text: core, folded: false });
    const url = core.replace(/\+/g, '-').replace(/\//g, '_');
    if (url !== core) needles.push({ encoding: 'base64url', text: url, folded: false });
  }
  needles.push({ encoding: 'hex', text: bytes.toString('hex'), folded: true });
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
  return text.normalize('NFKC').replace(/\p{Cf}/gu, '');
}

/** A prepared haystack: the text, its lower-cased copy and its escape-decoded copy. */
export interface Haystack {
  raw: string;
  lower: string;
  decoded: { text: string; lower: string; percent: boolean; escaped: boolean } | null;
  /** The visible text (visibleText) when it differs from the raw text. */
  visible: Haystack | null;
}

/** Prepares `text` for {@link findSecret}; do it once per text, then look for every secret. */
export function haystack(text: string): Haystack {
  const decoded = decodeEscapes(text);
  const visible = visibleText(text);
  return {
    raw: text,
    lower: text.toLowerCase(),
    decoded: decoded.text === text ? null : { ...decoded, lower: decoded.text.toLowerCase() },
    visible: visible === text ? null : haystack(visible),
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
export function findSecret(hay: Haystack, secret: string): string | undefined {
  if (secret === '') return undefined;
  const needles = needlesOf(secret);
  for (const needle of needles) {
    const found = located(needle, needle.folded ? hay.lower : hay.raw);
    if (found !== undefined) return found;
  }
  const decoded = hay.decoded;
  if (!decoded) return undefined;
  const how = [decoded.percent ? 'percent-encoded' : '', decoded.escaped ? 'escaped' : '']
    .filter(Boolean)
    .join('+');
  for (const needle of needles) {
    const found = located(needle, needle.folded ? decoded.lower : decoded.text);
    if (found !== undefined) return found === 'text' ? how : `${found}, ${how}`;
  }
  return undefined;
}

/**
 * {@link findSecret} on the text, then on its visible form: an encoding found only there is
 * named with `hidden by invisible characters`.
 */
export function findSecretAnyForm(hay: Haystack, secret: string): string | undefined {
  const plain = findSecret(hay, secret);
  if (plain !== undefined || !hay.visible) return plain;
  const hidden = findSecret(hay.visible, secret);
  return hidden === undefined
    ? undefined
    : `${hidden === 'text' ? '' : `${hidden}, `}hidden by invisible or compatibility characters`;
}
