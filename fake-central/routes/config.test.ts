import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });

const C = '/network-config/v1alpha1';
const SUCCESS = { httpStatusCode: 200, errorCode: 'SUCC_001', message: 'Success.' };

describe('scope sites', () => {
  it('pages by offset with the scope response block and refuses limit > 100', async () => {
    const body = await api.get('/network-config/v1/sites?limit=1&offset=0');
    expect(body).toMatchObject({
      count: 1,
      offset: '0',
      total: 2,
      response: { code: 'SCOPE-LIST-SITES-SUCCESS-001' },
    });
    expect((await api.call('/network-config/v1/sites?limit=101')).status).toBe(400);
  });
});

describe('wlan-ssids', () => {
  it('lists under the singular key and answers v1 like v1alpha1', async () => {
    const list = await api.get(`${C}/wlan-ssids`);
    expect(list['wlan-ssid'].map((w: { ssid: string }) => w.ssid)).toEqual([
      'Corp-Secure',
      'Corp-Voice',
      'Guest',
      'IoT',
    ]);
    expect(await api.get('/network-config/v1/wlan-ssids')).toEqual(list);
  });

  it('honours limit only together with offset (live quirk)', async () => {
    expect((await api.get(`${C}/wlan-ssids?limit=1`))['wlan-ssid']).toHaveLength(4);
    expect(
      (await api.get(`${C}/wlan-ssids?limit=1&offset=1`))['wlan-ssid'].map(
        (w: { ssid: string }) => w.ssid,
      ),
    ).toEqual(['Corp-Voice']);
  });

  it('creates, reads back, patches, replaces and deletes an SSID', async () => {
    expect(
      (
        await api.call(`${C}/wlan-ssids/Lab`, {
          method: 'POST',
          body: { enable: true, opmode: 'WPA3_SAE' },
        })
      ).body,
    ).toMatchObject(SUCCESS);
    expect(await api.get(`${C}/wlan-ssids/Lab`)).toEqual({
      ssid: 'Lab',
      enable: true,
      opmode: 'WPA3_SAE',
    });
    await api.call(`${C}/wlan-ssids/Lab`, {
      method: 'PATCH',
      body: { enable: false, essid: { name: 'Lab' } },
    });
    expect(await api.get(`${C}/wlan-ssids/Lab`)).toEqual({
      ssid: 'Lab',
      enable: false,
      opmode: 'WPA3_SAE',
      essid: { name: 'Lab' },
    });
    await api.call(`${C}/wlan-ssids/Lab`, { method: 'PUT', body: { opmode: 'OPEN' } });
    expect(await api.get(`${C}/wlan-ssids/Lab`)).toEqual({ ssid: 'Lab', opmode: 'OPEN' });
    expect((await api.call(`${C}/wlan-ssids/Lab`, { method: 'DELETE' })).status).toBe(200);
    const gone = await api.call(`${C}/wlan-ssids/Lab`);
    expect(gone.status).toBe(404);
    expect(gone.body.errorCode).toBe('ERR_CN003');
    expect(api.fake.calls().filter((c) => c.kind === 'write')).toHaveLength(4);
  });

  it.each([
    ['POST', 'X', { ssid: 'Y' }, 'does not match the path'],
    ['POST', 'X', [1], 'request body must be object (got array)'],
  ])('refuses %s %s with the config 400', async (method, name, body, message) => {
    const res = await api.call(`${C}/wlan-ssids/${name}`, { method, body });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('ERR_AP001');
    expect(res.body.message).toContain(message);
  });

  it('answers 412 when creating an SSID that exists (secure-ssid then retries as PATCH)', async () => {
    const res = await api.call(`${C}/wlan-ssids/Guest`, { method: 'POST', body: { enable: true } });
    expect(res.status).toBe(412);
    expect(res.body.message).toBe('Precondition failed. wlan-ssids Guest already exists.');
    const policy = await api.call(`${C}/firmware-compliance`, {
      method: 'POST',
      body: { enable: true },
    });
    expect(policy.status).toBe(412);
  });

  it('enforces the LOCAL scope rules', async () => {
    const res = await api.call(`${C}/wlan-ssids/Guest?object-type=LOCAL`, {
      method: 'PATCH',
      body: { enable: false },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('scope-id and device-function are mandatory');
  });

  it('decodes URL-encoded SSID names', async () => {
    await api.call(`${C}/wlan-ssids/Guest%20WiFi`, { method: 'POST', body: { enable: true } });
    expect((await api.get(`${C}/wlan-ssids/Guest%20WiFi`)).ssid).toBe('Guest WiFi');
  });
});

describe('config health', () => {
  it('lists devices under `devices` and shows the out-of-sync switch', async () => {
    const body = await api.get(
      `${C}/config-health/devices?limit=100&offset=0&filter=${encodeURIComponent("configStatus eq 'OUT_OF_SYNC'")}`,
    );
    expect(Object.keys(body).sort()).toEqual(['count', 'devices', 'offset', 'total']);
    expect(body.devices.map((d: { serial: string }) => d.serial)).toEqual(['SGDF2411V6']);
  });

  it('serves active issues, requires serial, 404s unknown devices', async () => {
    const issues = await api.get(`${C}/config-health/active-issue?serial=SGDF2411V6`);
    expect(issues.configPushFailures.length).toBeGreaterThan(0);
    expect((await api.call(`${C}/config-health/active-issue`)).status).toBe(400);
    expect((await api.call(`${C}/config-health/active-issue?serial=NOPE`)).status).toBe(404);
  });

  it('resync marks the devices UPDATE_IN_PROGRESS in config health and monitoring', async () => {
    const res = await api.call(`${C}/config-health/devices-resync`, {
      method: 'POST',
      body: { serials: ['SGDF2411V6'] },
    });
    expect(res.status).toBe(200);
    const after = await api.get(
      `${C}/config-health/devices?filter=${encodeURIComponent("serial eq 'SGDF2411V6'")}`,
    );
    expect(after.devices[0].configStatus).toBe('UPDATE_IN_PROGRESS');
    const device = await api.get(
      `/network-monitoring/v1/devices?filter=${encodeURIComponent("serialNumber eq 'SGDF2411V6'")}`,
    );
    expect(device.items[0].configStatus).toBe('UPDATE_IN_PROGRESS');
    expect(
      (
        await api.call(`${C}/config-health/devices-resync`, {
          method: 'POST',
          body: { serials: [] },
        })
      ).status,
    ).toBe(400);
  });
});

describe('firmware compliance', () => {
  it('reads the policy, patches the version chart and reads it back', async () => {
    expect((await api.get(`${C}/firmware-compliance`))['version-chart'].version).toBe(
      '10.7.2.0_92876',
    );
    const res = await api.call(`${C}/firmware-compliance`, {
      method: 'PATCH',
      body: { 'version-chart': { version: '10.7.3.0_99999' } },
    });
    expect(res.body).toMatchObject(SUCCESS);
    const after = await api.get(`${C}/firmware-compliance`);
    expect(after['version-chart'].version).toBe('10.7.3.0_99999');
    expect(after['version-chart'].exception).toHaveLength(2);
  });
});
