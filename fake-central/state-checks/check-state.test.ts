import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';
import { checkState } from './check-state.js';
import type { StateAssertion } from './types.js';

const api = useFakeApi({ fixture: 'site-a' });

const C = '/network-config/v1alpha1';
const GUEST = { 'essid.name': 'Guest' };
const disableGuest: StateAssertion = {
  collection: 'wlan-ssids',
  where: GUEST,
  fields: { enable: false },
};

describe('fake.checkState (end-state checks, evaluated by the fake)', () => {
  it('passes a targeted write and finds nothing collateral', async () => {
    expect(
      (await api.call(`${C}/wlan-ssids/Guest`, { method: 'PATCH', body: { enable: false } }))
        .status,
    ).toBe(200);
    expect(
      api.fake.checkState([
        disableGuest,
        { collection: 'wlan-ssids', where: { 'essid.name': 'Corp-Secure' }, unchanged: true },
        { collection: 'wlan-ssids', count: 4 },
      ]),
    ).toEqual({ failures: [], collateral: [] });
  });

  it('fails an assertion the state does not meet, naming the value found', () => {
    expect(api.fake.checkState([disableGuest]).failures).toEqual([
      '#0 wlan-ssids: enable is true, expected false where {"essid.name":"Guest"}',
    ]);
  });

  it('reports fields a write changed beyond the asked ones as collateral', async () => {
    await api.call(`${C}/wlan-ssids/Guest`, {
      method: 'PATCH',
      body: { enable: false, 'vlan-id-range': ['99'] },
    });
    await api.call(`${C}/wlan-ssids/IoT`, { method: 'PATCH', body: { 'hide-ssid': true } });
    expect(api.fake.checkState([disableGuest])).toEqual({
      failures: [],
      collateral: [
        {
          collection: 'wlan-ssids',
          item: 'ssid=Guest',
          change: 'modified',
          fields: ['vlan-id-range'],
        },
        { collection: 'wlan-ssids', item: 'ssid=IoT', change: 'modified', fields: ['hide-ssid'] },
      ],
    });
  });

  it('a PUT that drops the fields it was not given is collateral, field by field', async () => {
    await api.call(`${C}/wlan-ssids/Guest`, { method: 'PUT', body: { enable: false } });
    const { collateral } = api.fake.checkState([disableGuest]);
    expect(collateral).toHaveLength(1);
    expect(collateral[0]?.fields).toContain('personal-security');
    expect(collateral[0]?.fields).not.toContain('enable');
  });

  it('counts added and removed items, and an unasked addition is collateral', async () => {
    const register = (mac: string) =>
      api.call(`${C}/cnac-mac-reg`, {
        method: 'POST',
        body: { input: { macAddress: mac, displayName: 'lab', enable: true } },
      });
    await register('de:ad:be:ef:00:01');
    const one: StateAssertion = {
      collection: 'cnac-mac-reg',
      where: { macAddress: 'de:ad:be:ef:00:01' },
      added: 1,
    };
    expect(api.fake.checkState([one])).toEqual({ failures: [], collateral: [] });
    await register('de:ad:be:ef:00:02');
    const result = api.fake.checkState([one]);
    expect(result.failures).toEqual([]);
    expect(result.collateral).toEqual([
      {
        collection: 'cnac-mac-reg',
        item: expect.stringMatching(/^id=/),
        change: 'added',
        fields: [],
      },
    ]);
    expect(api.fake.checkState([{ collection: 'cnac-mac-reg', added: 1 }]).failures).toEqual([
      '#0 cnac-mac-reg: 2 item(s) added, expected 1',
    ]);
  });

  it('checks removals and object-shaped files, and names an unknown collection', async () => {
    await api.call(`${C}/wlan-ssids/IoT`, { method: 'DELETE' });
    expect(
      api.fake.checkState([
        { collection: 'wlan-ssids', where: { 'essid.name': 'IoT' }, removed: 1 },
        { collection: 'firmware-compliance', unchanged: true },
        { collection: 'wlan-ssid', count: 1 },
      ]),
    ).toEqual({
      failures: ['#2 wlan-ssid: no collection "wlan-ssid" in the bundle'],
      collateral: [],
    });
  });

  it('may_change excuses side-effect fields; reset() restores a clean state', async () => {
    await api.call(`${C}/wlan-ssids/Guest`, {
      method: 'PATCH',
      body: { enable: false, description: 'x' },
    });
    expect(
      api.fake.checkState([{ ...disableGuest, may_change: ['description'] }]).collateral,
    ).toEqual([]);
    api.fake.reset();
    expect(api.fake.checkState([{ collection: 'wlan-ssids', unchanged: true }])).toEqual({
      failures: [],
      collateral: [],
    });
  });

  it('is a pure function of the snapshot (the unit, without a fake)', () => {
    const bundle = new Map([
      [
        'a.json',
        [
          { id: 1, v: 1 },
          { id: 2, v: 2 },
        ],
      ],
    ]);
    const touched = new Map([
      [
        'a.json',
        [
          { id: 2, v: 3 },
          { id: 1, v: 1 },
        ],
      ],
    ]);
    expect(
      checkState({ bundle, touched }, [{ collection: 'a', where: { id: 2 }, fields: { v: 3 } }]),
    ).toEqual({
      failures: [],
      collateral: [],
    });
    expect(
      checkState({ bundle, touched }, [{ collection: 'a', where: { id: 1 }, unchanged: true }])
        .collateral,
    ).toEqual([{ collection: 'a', item: 'id=2', change: 'modified', fields: ['v'] }]);
  });
});
