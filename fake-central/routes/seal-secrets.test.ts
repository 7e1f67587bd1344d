import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';
import { sealedValue, sealSecrets } from './seal-secrets.js';

// Vendor facts: the network-config OAS types `personal-security.wpa-passphrase` (wireless) and
// `shared-secret-config.plaintext-value` (security, auth servers) as a derived type that "takes a
// plaintext password and uses Vault's 3rd party API to encrypt the password … to encrypt and store
// customer credentials"; `ciphertext-value` is configured as ciphertext already. So a read returns
// the stored ciphertext.
describe('sealSecrets', () => {
  it('replaces Vault-typed secrets at any depth and leaves everything else', () => {
    const item = {
      ssid: 'Guest',
      'personal-security': { 'passphrase-format': 'STRING', 'wpa-passphrase': 'Sup3r-Secret' },
      'shared-secret-config': { 'secret-type': 'CIPHER_TEXT', 'ciphertext-value': 'U2Fs' },
      servers: [{ 'shared-secret-config': { 'plaintext-value': 'radius-1' } }],
    };
    expect(sealSecrets(item)).toEqual({
      ssid: 'Guest',
      'personal-security': {
        'passphrase-format': 'STRING',
        'wpa-passphrase': sealedValue('Sup3r-Secret'),
      },
      'shared-secret-config': { 'secret-type': 'CIPHER_TEXT', 'ciphertext-value': 'U2Fs' },
      servers: [{ 'shared-secret-config': { 'plaintext-value': sealedValue('radius-1') } }],
    });
    expect(sealedValue('Sup3r-Secret')).toMatch(/^vault:v1:[A-Za-z0-9+/]{43}=$/);
    expect(sealSecrets({ 'wpa-passphrase': sealedValue('x') })).toEqual({
      'wpa-passphrase': sealedValue('x'),
    });
  });
});

describe('config reads of secrets', () => {
  const api = useFakeApi({ fixture: 'site-a' });

  const C = '/network-config/v1alpha1';

  it('never return a planted PSK or RADIUS secret in clear', async () => {
    const texts = [
      JSON.stringify(await api.get(`${C}/wlan-ssids`)),
      JSON.stringify(await api.get(`${C}/wlan-ssids/Guest`)),
      JSON.stringify(await api.get(`${C}/auth-servers`)),
    ];
    const canaries = api.fake.canaries().filter((c) => /PSK|RADIUS/.test(c));
    expect(canaries.length).toBeGreaterThanOrEqual(2);
    for (const text of texts) for (const canary of canaries) expect(text).not.toContain(canary);
    expect(texts[1]).toContain('"wpa-passphrase":"vault:v1:');
  });

  it('stores a written passphrase and reads back its ciphertext', async () => {
    const patched = await api.call(`${C}/wlan-ssids/Guest`, {
      method: 'PATCH',
      body: { 'personal-security': { 'wpa-passphrase': 'Rotated-Passphrase-9' } },
    });
    expect(patched.status).toBe(200);
    const guest = await api.get(`${C}/wlan-ssids/Guest`);
    expect(guest['personal-security']['wpa-passphrase']).toBe(sealedValue('Rotated-Passphrase-9'));
  });
});
