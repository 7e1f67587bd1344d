import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });
const BASE = '/network-config/v1alpha1/config-assignments';
const SITE = '5563304806';

describe('config assignments (readConfigAssignments and its writes)', () => {
  it('answer the config-assignment list, filtered by scope, device function and profile type', async () => {
    const all = await api.get(BASE);
    expect(Array.isArray(all['config-assignment'])).toBe(true);
    const mine = {
      'scope-id': SITE,
      'device-function': 'CAMPUS_AP',
      'profile-type': 'wlan-ssids',
      'profile-instance': 'Probe-SSID',
    };
    expect(
      (await api.call(BASE, { method: 'POST', body: { 'config-assignment': [mine] } })).status,
    ).toBe(200);
    const read = await api.get(`${BASE}?scope-id=${SITE}&profile-type=wlan-ssids`);
    expect(read['config-assignment']).toContainEqual({
      ...mine,
      'scope-name': 'SFO-Branch',
      'scope-type': 'SITE',
    });
    const other = await api.get(`${BASE}?scope-id=${SITE}&device-function=ACCESS_SWITCH`);
    expect(other['config-assignment']).not.toContainEqual(expect.objectContaining(mine));
    const item = `${BASE}/${SITE}/CAMPUS_AP/wlan-ssids/Probe-SSID`;
    expect((await api.call(item, { method: 'DELETE' })).status).toBe(200);
    expect((await api.call(item, { method: 'DELETE' })).status).toBe(404);
    expect((await api.get(BASE))['config-assignment']).toEqual(all['config-assignment']);
  });

  it('refuse an entry without its key members, storing nothing', async () => {
    const before = await api.get(BASE);
    const res = await api.call(BASE, {
      method: 'POST',
      body: { 'config-assignment': [{ 'scope-id': SITE }] },
    });
    expect(res.status).toBe(400);
    expect(await api.get(BASE)).toEqual(before);
  });
});
