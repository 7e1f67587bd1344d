import { describe, expect, it } from 'vitest';
import {
  isSecretField,
  MASK,
  SecretRedactor,
} from '../../examples/reference-server/mask-secrets.js';

describe('isSecretField', () => {
  it.each([
    ['wpa-passphrase', {}, true],
    ['plaintext-value', {}, false],
    ['shared-secret-config', {}, true],
    ['password', {}, true],
    ['userPassword', {}, true],
    ['psk', {}, true],
    ['mpsk-passphrase', {}, true],
    ['client_secret', {}, true],
    ['access_token', {}, true],
    ['apiKey', {}, true],
    ['private-key', {}, true],
    ['key', { name: 'wep' }, true],
    [
      'key',
      { type: 'network-notifications/alerts', severity: 'Critical', category: 'System' },
      false,
    ],
    ['key', { severity: 'Major', category: 'WLAN' }, false],
    ['key', { type: 'subscriptions/subscription' }, false],
    [
      'key',
      { id: 's1', tier: 'FOUNDATION_AP', resourceUri: '/subscriptions/v1/subscriptions/s1' },
      false,
    ],
    ['subscriptionKey', {}, false],
    ['keyManagement', {}, false],
    ['passphrase-format', {}, false],
    ['secret-type', {}, false],
    ['ssid', {}, false],
    ['macAddress', {}, false],
  ])('%s in %j → %s', (name, owner, expected) => {
    expect(isSecretField(name, owner)).toBe(expected);
  });
});

describe('SecretRedactor', () => {
  it('masks a WLAN passphrase and keeps the rest verbatim', () => {
    const r = new SecretRedactor();
    const out = r.redact({
      ssid: 'Guest',
      opmode: 'WPA2_PERSONAL',
      'personal-security': { 'passphrase-format': 'STRING', 'wpa-passphrase': 'CANARY-PSK-1' },
    });
    expect(out).toEqual({
      ssid: 'Guest',
      opmode: 'WPA2_PERSONAL',
      'personal-security': { 'passphrase-format': 'STRING', 'wpa-passphrase': MASK },
    });
  });

  it('masks every value inside a secret-named object but keeps its metadata', () => {
    const r = new SecretRedactor();
    const out = r.redact({
      name: 'radius-primary',
      'shared-secret-config': { 'secret-type': 'PLAIN_TEXT', 'plaintext-value': 'CANARY-RADIUS' },
    });
    expect(out).toEqual({
      name: 'radius-primary',
      'shared-secret-config': { 'secret-type': 'PLAIN_TEXT', 'plaintext-value': MASK },
    });
  });

  it('keeps alert and subscription keys, which are identifiers', () => {
    const r = new SecretRedactor();
    const alert = { id: 'a:1', key: 'f90de4ba-40cc', severity: 'Critical', category: 'System' };
    const sub = { id: 's1', key: 'E5V0QA716LXR22EA', subscriptionType: 'CENTRAL_AP' };
    expect(r.redact({ alerts: [alert], subscriptions: [sub] })).toEqual({
      alerts: [alert],
      subscriptions: [sub],
    });
  });

  it('scrubs a masked secret wherever it reappears, e.g. in free text', () => {
    const r = new SecretRedactor();
    const out = r.redact({
      config: { 'wpa-passphrase': 'hunter2-long' },
      note: 'the guest key is hunter2-long, do not share',
    });
    expect(out.note).toBe(`the guest key is ${MASK}, do not share`);
  });

  it('scrubs remembered values (credentials, issued tokens) and PEM private keys', () => {
    const r = new SecretRedactor();
    r.remember('CANARY-CLIENT-SECRET-x');
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIabc\n-----END PRIVATE KEY-----';
    expect(r.redact(['secret CANARY-CLIENT-SECRET-x here', pem])).toEqual([
      `secret ${MASK} here`,
      MASK,
    ]);
    expect(r.redactText('x CANARY-CLIENT-SECRET-x')).toBe(`x ${MASK}`);
  });

  it('does not remember short values, so ordinary words survive', () => {
    const r = new SecretRedactor();
    r.redact({ psk: 'abc' });
    expect(r.redact({ text: 'abc def' })).toEqual({ text: 'abc def' });
  });

  it('keeps booleans and nulls under secret names (they say whether, not what)', () => {
    const r = new SecretRedactor();
    expect(r.redact({ 'psk-enabled-flag': true, password: null, pin_secret: 1234 })).toEqual({
      'psk-enabled-flag': true,
      password: null,
      pin_secret: MASK,
    });
  });

  it('remembers secret arguments but not alert keys passed as arguments', () => {
    const r = new SecretRedactor();
    r.rememberArguments({ keys: ['alert-key-123'], password: 'Typed-Password-1' });
    expect(r.redactText('alert-key-123 Typed-Password-1')).toBe(`alert-key-123 ${MASK}`);
  });

  it('does not mutate its input', () => {
    const r = new SecretRedactor();
    const input = { password: 'Typed-Password-1' };
    r.redact(input);
    expect(input.password).toBe('Typed-Password-1');
  });
});

describe('SecretRedactor.rememberArguments (metadata beside a secret)', () => {
  it('remembers the passphrase but not its format, so STRING survives later results', () => {
    const r = new SecretRedactor();
    r.rememberArguments({
      changes: {
        'personal-security': {
          'passphrase-format': 'STRING',
          'wpa-passphrase': 'Spring-Visitors-2026',
        },
      },
    });
    expect(r.redactText('format STRING, key Spring-Visitors-2026')).toBe(
      'format STRING, key ********',
    );
  });
});
