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

  it('returns the value itself when there is nothing to look for', () => {
    const value = { a: 'b' };
    expect(redactSecrets(value, [])).toBe(value);
  });
});
