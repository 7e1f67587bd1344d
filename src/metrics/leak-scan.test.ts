import { describe, expect, it } from 'vitest';
import { decodeEscapes, findSecret, haystack } from './leak-scan.js';

const SECRET = 'CANARY-PSK-51e314fc29392134';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const b64url = (text: string) => Buffer.from(text).toString('base64url');
const pct = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
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
