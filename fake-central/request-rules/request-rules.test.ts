import { describe, expect, it } from 'vitest';
import { startFakeApi, useFakeApi } from '../../test/helpers/fake-api.js';

// The requests the documents forbid, through a real fake on 127.0.0.1:0 with the defaults.
const api = useFakeApi({ fixture: 'site-a' });
const C = '/network-config/v1alpha1';
const M = '/network-monitoring/v1';
const SSID = `${C}/wlan-ssids/Lab`;
const VALID = { ssid: 'Lab', enable: true, opmode: 'WPA2_PERSONAL', essid: { name: 'Lab' } };

describe('requests HPE documents forbid, refused by default', () => {
  it.each([
    [{ ...VALID, opmode: 'NOT_A_MODE' }, 'enum', 'body:/opmode', '/opmode must be one of OPEN,'],
    [{ ...VALID, enable: 'yes' }, 'type', 'body:/enable', '/enable must be boolean (got string)'],
    [{ ...VALID, essid: 12345 }, 'type', 'body:/essid', '/essid must be object (got integer)'],
  ])(
    'POST wlan-ssids %j: the config 400, nothing stored, no write counted',
    async (body, rule, at, message) => {
      const res = await api.call(SSID, { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        httpStatusCode: 400,
        errorCode: 'ERR_AP001',
        message: expect.stringContaining(message) as unknown,
        debugId: expect.stringMatching(/^[0-9a-f]{32}$/) as unknown,
      });
      expect((await api.call(SSID)).status).toBe(404);
      expect(api.fake.state().changes).toEqual([]);
      const record = api.fake.calls().find((c) => c.method === 'POST');
      expect(record?.refused).toEqual({
        operation: 'POST /network-config/v1alpha1/wlan-ssids/{ssid}',
        rule,
        at,
        message: res.body.message,
      });
    },
  );

  it.each([`${M}/clients`, `${M}/top-aps-by-wireless-usage`])(
    'GET %s?bogus-param=1: the live unknown-parameter 400',
    async (path) => {
      const res = await api.call(`${path}?bogus-param=1`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        errorCode: 'HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER',
        message: 'Unknown query parameter: bogus-param',
      });
      expect(api.fake.calls().at(-1)?.refused).toMatchObject({
        rule: 'unknown-parameter',
        at: 'query:bogus-param',
      });
      // Paging parameters stay lenient, and the same path without the stray one answers.
      expect((await api.call(`${path}?limit=5`)).status).toBe(200);
    },
  );

  it('a valid write still round-trips, and is not marked refused', async () => {
    const res = await api.call(SSID, { method: 'POST', body: VALID });
    expect(res.status).toBe(200);
    expect(await api.get(SSID)).toEqual(VALID);
    expect(api.fake.calls().every((c) => c.refused === undefined)).toBe(true);
    expect(api.fake.state().changes).not.toEqual([]);
  });

  it('a refused write leaves the cached reads and the async task counter alone', async () => {
    const before = await api.call(`${C}/wlan-ssids`);
    await api.call(SSID, { method: 'POST', body: { ...VALID, enable: 'yes' } });
    const after = await api.call(`${C}/wlan-ssids`);
    expect(after.body).toEqual(before.body);
    // A refused device action creates no task: the next accepted one gets the first task id.
    const ping = (destination: unknown) =>
      api.call('/network-troubleshooting/v1/aps/AP0001/ping', {
        method: 'POST',
        body: { destination },
      });
    expect((await ping(42)).status).toBe(400);
    const accepted = await ping('8.8.8.8');
    api.fake.reset();
    const fresh = await ping('8.8.8.8');
    expect(accepted.body.location).toBe(fresh.body.location);
  });

  it('gives each refusal its own debugId, the same after a reset (bundle + sequence)', async () => {
    const bad = () => api.call(`${M}/clients?bogus-param=1`);
    const first = [(await bad()).body.debugId, (await bad()).body.debugId];
    expect(first[0]).not.toBe(first[1]);
    api.fake.reset();
    expect([(await bad()).body.debugId, (await bad()).body.debugId]).toEqual(first);
  });

  it('refuses path formats where documented; numeric site ids stay accepted (SPEC.md §13 D14)', async () => {
    const bare = await api.call('/network-services/v1/airmatch-radio/aabbccddeeff');
    expect(bare.status).toBe(400);
    expect(bare.body.errorCode).toBe('HPE_GL_NETWORK_SERVICES_INVALID_INPUT');
    expect(api.fake.calls().at(-1)?.refused).toMatchObject({
      rule: 'pattern',
      at: 'path:radio-mac',
    });
    const colons = await api.call('/network-services/v1/airmatch-radio/aa:bb:cc:dd:ee:ff');
    expect(colons.status).not.toBe(400);
    expect((await api.call(`${M}/site-health/2459302564`)).status).toBe(200);
  });
});

describe('validation lenient', () => {
  it('lets the same requests through to the handlers, as before', async () => {
    const lenient = await startFakeApi({ fixture: 'site-a', validation: 'lenient' });
    try {
      expect((await lenient.call(`${M}/clients?bogus-param=1`)).status).toBe(200);
      const res = await lenient.call(SSID, { method: 'POST', body: { ...VALID, enable: 'yes' } });
      expect(res.status).toBe(200);
      expect(lenient.fake.calls().every((c) => c.refused === undefined)).toBe(true);
    } finally {
      await lenient.close();
    }
  });
});
