import { describe, expect, it } from 'vitest';
import { mayHoldSecret } from './any-secret.js';
import { findSecretAnyForm, haystack } from './leak-scan.js';

const SECRET = 'CANARY-PSK-51e314fc29392134';
/** Regular-expression syntax in a secret is matched as itself. */
const SPECIAL = 'p@ss.w*rd+(x)|[y]\\z/$^?{2}';
const b64 = (text: string) => Buffer.from(text).toString('base64');
const hex = (text: string) => Buffer.from(text).toString('hex');
const pct = (text: string) =>
  [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const wrap = (text: string, every: number, separator: string) =>
  (text.match(new RegExp(`.{1,${every}}`, 'g')) ?? []).join(separator);
/** Full-width forms, which NFKC folds back (the visible text). */
const wide = (text: string) =>
  [...text].map((c) => String.fromCharCode(c.charCodeAt(0) - 0x21 + 0xff01)).join('');

// One text per place findSecretAnyForm looks: the text, its lower-cased copy (hex), its
// escape-decoded copy, its base64 and hex streams, its visible form; and two that hold nothing.
const texts: [string, string, boolean][] = [
  ['plain text', `{"psk":"${SECRET}"}`, true],
  ['hex, upper case (the lower-cased copy)', hex(`xx${SECRET}`).toUpperCase(), true],
  ['percent-encoded (the decoded copy)', pct(SECRET), true],
  [
    'base64 wrapped every 4 characters (the base64 stream)',
    wrap(b64(`x${SECRET}`), 4, '\r\n'),
    true,
  ],
  ['hex with separators (the hex stream)', wrap(hex(SECRET), 2, ':'), true],
  ['full-width (the visible text)', `psk=${wide(SECRET)}`, true],
  ['a secret with regular-expression syntax', `pw=${SPECIAL};`, true],
  ['absent', '{"psk":"********","note":"p@ss.w-rd+(x)|[y]\\\\z/$^?{2"}', false],
  ['a near miss', SECRET.slice(0, -1), false],
];

describe('mayHoldSecret', () => {
  it.each(texts)('%s: as findSecretAnyForm, secret by secret, says', (_name, text, holds) => {
    const hay = haystack(text);
    const secrets = [SECRET, SPECIAL];
    const found = secrets.some((s) => findSecretAnyForm(hay, s) !== undefined);
    expect(found).toBe(holds);
    expect(mayHoldSecret(hay, secrets)).toBe(holds);
  });

  it('looks in the streams only when asked to, as findSecretAnyForm', () => {
    const hay = haystack(wrap(b64(`x${SECRET}`), 4, '\r\n'));
    expect(findSecretAnyForm(hay, SECRET, false)).toBeUndefined();
    expect(mayHoldSecret(hay, [SECRET], false)).toBe(false);
  });

  it('holds nothing when there is no secret to look for (an empty one included)', () => {
    expect(mayHoldSecret(haystack(SECRET), [])).toBe(false);
    expect(mayHoldSecret(haystack(SECRET), [''])).toBe(false);
  });
});
