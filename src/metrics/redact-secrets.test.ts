import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-secrets.js';

const PSK = 'Sup3rSecret-PSK-2024';

describe('redactSecrets', () => {
  it('masks a secret in every string and key, leaving the rest as it was', () => {
    const value = {
      tools: [`leak_${PSK}`, 'list_clients'],
      nested: { [`k_${PSK}`]: [1, true, null, `a ${PSK} b ${PSK}`] },
    };
    expect(redactSecrets(value, [PSK, ''])).toEqual({
      tools: ['leak_[redacted Sup3… (20 chars)]', 'list_clients'],
      nested: {
        'k_[redacted Sup3… (20 chars)]': [
          1,
          true,
          null,
          'a [redacted Sup3… (20 chars)] b [redacted Sup3… (20 chars)]',
        ],
      },
    });
  });

  it('masks a secret hidden by zero-width characters', () => {
    expect(redactSecrets(`x ${[...PSK].join('\u200b')} y`, [PSK])).toBe(
      'x [redacted Sup3… (20 chars)] y',
    );
  });

  it('masks each of two secrets hidden in one text, and one written in full-width letters', () => {
    const other = 'Other-Secret-99';
    const hidden = (secret: string) => [...secret].join('\u200b');
    expect(redactSecrets(`${hidden(PSK)} and ${hidden(other)}`, [PSK, other])).toBe(
      '[redacted Sup3… (20 chars)] and [redacted Othe… (15 chars)]',
    );
    // A secret not there, one in plain text, one hidden: the text's visible form made for the
    // first must not be the one the third is replaced in (the second would be back). The text
    // the third is replaced in is the visible form: the first mask's `…` reads `...` there.
    expect(redactSecrets(`${PSK} and ${hidden(other)}`, ['Absent-Secret-1', PSK, other])).toBe(
      '[redacted Sup3... (20 chars)] and [redacted Othe… (15 chars)]',
    );
    const wide = [...PSK].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
    expect(redactSecrets(`x ${wide}`, [PSK])).toBe('x [redacted Sup3… (20 chars)]');
  });

  it('returns the value itself when there is nothing to look for', () => {
    const value = { a: 'b' };
    expect(redactSecrets(value, [])).toBe(value);
  });
});
