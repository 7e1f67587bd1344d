import { describe, expect, it } from 'vitest';
import { decodeEscapes, findSecret, haystack, visibleText } from './leak-scan.js';

const SECRET = 'CANARY-PSK-51e314fc29392134';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const b64url = (text: string) => Buffer.from(text).toString('base64url');
const pct = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const hex = (text: string) => Buffer.from(text).toString('hex');
/** `text` cut every `every` characters with `separator` between the pieces. */
const wrap = (text: string, every: number, separator: string) =>
  (text.match(new RegExp(`.{1,${every}}`, 'g')) ?? []).join(separator);
const uesc = (text: string) =>
  [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

describe('findSecret', () => {
  const cases: [string, string, string | undefined][] = [
    ['absent', '{"psk":"********"}', undefined],
    ['plain text', `psk=${SECRET}`, 'text'],
    ['base64 on its own', b64(SECRET), 'base64'],
    // Inside a larger blob the secret starts at each of the three byte alignments.
    ['base64 in a blob, alignment 0', b64(`abc${SECRET}xyz`), 'base64'],
    ['base64 in a blob, alignment 1', b64(`abcd${SECRET}xyz`), 'base64'],
    ['base64 in a blob, alignment 2', b64(`abcde${SECRET}xyz`), 'base64'],
    [
      'base64 wrapped in JSON',
      JSON.stringify({ etag: b64(JSON.stringify({ psk: SECRET })) }),
      'base64',
    ],
    // The secret's own characters encode alike in both alphabets: the blob tells them apart.
    ['base64url in a blob', b64url(`\xff\xfe?>${SECRET}??`), 'base64url'],
    ['hex, lower case', Buffer.from(SECRET).toString('hex'), 'hex'],
    ['hex, upper case, in a blob', Buffer.from(`xx${SECRET}`).toString('hex').toUpperCase(), 'hex'],
    ['percent-encoding of every byte', pct(SECRET), 'percent-encoded'],
    ['JSON \\u escapes of every character', uesc(SECRET), 'escaped'],
    [
      '\\x escapes',
      [...SECRET].map((c) => `\\x${c.charCodeAt(0).toString(16)}`).join(''),
      'escaped',
    ],
    [
      'HTML character references',
      [...SECRET].map((c) => `&#${c.charCodeAt(0)};`).join(''),
      'escaped',
    ],
    ['base64 of it, percent-encoded', encodeURIComponent(b64(`a${SECRET}`)), 'base64'],
    ['a near miss', SECRET.slice(0, -1), undefined],
    // Wrapped, nested, separated, wide: each found in the text's base64 or hex stream.
    [
      'base64 wrapped every 4 characters (MIME style, CRLF)',
      wrap(b64(`x${SECRET}`), 4, '\r\n'),
      'base64, with separators or line breaks',
    ],
    [
      'base64 wrapped with escaped line breaks inside a JSON string',
      JSON.stringify({ blob: wrap(b64(`xy${SECRET}`), 5, '\n') }),
      'base64, with separators or line breaks',
    ],
    [
      'base64 with ":" separators',
      wrap(b64(SECRET), 3, ':'),
      'base64, with separators or line breaks',
    ],
    [
      'base64url with "." separators',
      wrap(b64url(`\xff\xfe${SECRET}`), 6, '.'),
      'base64, with separators or line breaks',
    ],
    ['base64 of base64', b64(`{"k":"${b64(`a${SECRET}`)}"}`), 'base64 of base64'],
    ['base64url of base64', b64url(`~~${b64(`ab${SECRET}`)}`), 'base64 of base64'],
    ['base64 of base64 of base64', b64(b64(b64(SECRET))), 'base64 of base64 of base64'],
    [
      'base64 of base64 of base64, wrapped',
      wrap(b64(`p${b64(`q${b64(`r${SECRET}`)}`)}`), 7, '\n'),
      'base64 of base64 of base64, with separators or line breaks',
    ],
    [
      'base64 of UTF-16LE',
      b64(`\u0000${Buffer.from(SECRET, 'utf16le').toString('latin1')}`),
      'base64 of UTF-16LE',
    ],
    ['hex with ":" separators', wrap(hex(SECRET), 2, ':'), 'hex, with separators or line breaks'],
    ['hex with "-" and spaces', wrap(hex(SECRET), 4, ' - '), 'hex, with separators or line breaks'],
    ['hex of UTF-16LE', Buffer.from(SECRET, 'utf16le').toString('hex'), 'hex of UTF-16LE'],
    ['wrapped base64 of something else', wrap(b64(SECRET.replace('P', 'Q')), 4, '\n'), undefined],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    expect(findSecret(haystack(text), SECRET)).toBe(expected);
  });

  it('finds a secret with "+" and "/" in its base64 as base64url too', () => {
    const secret = 'k?>~~?>k-secret-value';
    expect(findSecret(haystack(b64(secret)), secret)).toBe('base64');
    expect(findSecret(haystack(b64url(`..${secret}`)), secret)).toBe('base64url');
  });

  it('is linear: a 4 MB haystack is searched in well under a second', () => {
    const big = 'a'.repeat(4_000_000) + '%41\\u0042';
    const started = performance.now();
    expect(findSecret(haystack(big), SECRET)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('decodeEscapes', () => {
  it('decodes each kind once and says which it met', () => {
    expect(decodeEscapes('a%41\\u0042\\u{43}\\x44\\/&#x45;&#70;')).toEqual({
      text: 'aABCD/EF',
      percent: true,
      escaped: true,
    });
    expect(decodeEscapes('plain')).toEqual({ text: 'plain', percent: false, escaped: false });
  });
});

describe('visibleText', () => {
  it('returns ASCII as it is, control characters included (its own NFKC form, no Cf in it)', () => {
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    expect(visibleText(ascii)).toBe(ascii);
  });

  it('folds compatibility forms and drops format characters from the first one on (U+00AD)', () => {
    // Full-width letters, a soft hyphen (U+00AD, the first Cf), a zero-width space, a BOM.
    expect(visibleText('\uff30\uff33\uff2b-\u00ad2024\u200b!\ufeff')).toBe('PSK-2024!');
    // One non-ASCII character at the very end still sends the whole text through NFKC.
    expect(visibleText(`${SECRET.replace('PSK', '\uff30SK')}\u200b`)).toBe(SECRET);
  });
});
