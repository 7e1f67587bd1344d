import { describe, expect, it } from 'vitest';
import { harnessSecrets } from './harness-secrets.js';

describe('harnessSecrets', () => {
  it('takes secret-named variables of 8+ characters, labelled by name, each value once', () => {
    expect(
      harnessSecrets({
        GITHUB_TOKEN: 'ghs_abcdefgh12345678',
        'INPUT_GITHUB-TOKEN': 'ghs_abcdefgh12345678',
        OPENAI_API_KEY: 'sk-proj-0123456789',
        AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG',
        SHORT_TOKEN: 'abc',
        PATH: '/usr/bin:/bin:/usr/local/bin',
        HOME: '/home/runner',
      }),
    ).toEqual([
      { label: 'harness secret $AWS_SECRET_ACCESS_KEY', value: 'wJalrXUtnFEMI/K7MDENG' },
      { label: 'harness secret $GITHUB_TOKEN', value: 'ghs_abcdefgh12345678' },
      { label: 'harness secret $OPENAI_API_KEY', value: 'sk-proj-0123456789' },
    ]);
  });
});
