import { describe, expect, it } from 'vitest';
import { templatedDetail } from './endpoint-template.js';

describe('templatedDetail', () => {
  it('templates the request a finding starts with and keeps the rest of its text', () => {
    expect(
      templatedDetail(
        'POST /network-config/v1alpha1/auth-profiles/48947bde-87a9-4d06-bcf5-c9604d11da8f matches must_not_call POST /network-config/*/auth-profiles/**',
      ),
    ).toBe(
      'POST /network-config/v1alpha1/auth-profiles/{id} matches must_not_call POST /network-config/*/auth-profiles/**',
    );
    expect(
      templatedDetail('PATCH /x/v1/aps/CNF7J0T1X2 in call #1 (reboot) without confirmation'),
    ).toBe('PATCH /x/v1/aps/{id} in call #1 (reboot) without confirmation');
  });

  it('leaves a detail that does not start with a request alone', () => {
    const text = 'PSK of Guest in get_wlan_config (base64)';
    expect(templatedDetail(text)).toBe(text);
  });
});
