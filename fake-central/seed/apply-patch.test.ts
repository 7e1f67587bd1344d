import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';
import { FakeCentralError } from '../errors.js';

// A patch edits one collection for one test: what the API serves follows it, the state's
// baseline includes it, and a patch that selects nothing is refused (it would test nothing).

const api = useFakeApi({ fixture: 'site-a' });
const SSIDS = '/network-config/v1alpha1/wlan-ssids';

function refusal(run: () => unknown): FakeCentralError {
  try {
    run();
  } catch (error) {
    return error as FakeCentralError;
  }
  throw new Error('the patch was accepted');
}

describe('seed patches', () => {
  it('sets, adds and removes items, served as the baseline of state()', async () => {
    api.fake.seed({
      patch: [
        { collection: 'wlan-ssids', where: { 'essid.name': 'Guest' }, set: { enable: false } },
        { collection: 'wlan-ssids', where: { ssid: 'IoT' }, remove: true },
        { collection: 'webhooks', add: [{ id: 'wh-test', name: 'Seeded hook' }] },
      ],
    });
    const guest = await api.get(`${SSIDS}/Guest`);
    expect(guest.enable).toBe(false);
    expect((await api.call(`${SSIDS}/IoT`)).status).toBe(404);
    expect(api.fake.state().changes).toEqual([]);
    expect(api.fake.state().seeded).toEqual({ 'webhooks.json': 1, 'wlan-ssids.json': -1 });

    // The test's own write is the only change, measured against the patched world.
    const put = await api.call(`${SSIDS}/Guest`, { method: 'PATCH', body: { enable: true } });
    expect(put.status).toBe(200);
    const check = api.fake.checkState([
      { collection: 'wlan-ssids', where: { 'essid.name': 'Guest' }, fields: { enable: true } },
    ]);
    expect(check).toMatchObject({ failures: [], collateral: [] });
    expect(api.fake.state().changes).toHaveLength(1);
  });

  it('refuses a patch that selects nothing or names no collection', () => {
    const none = refusal(() =>
      api.fake.seed({
        patch: [{ collection: 'wlan-ssids', where: { ssid: 'Nope' }, set: { enable: false } }],
      }),
    );
    expect(none.message).toBe('seed patch[0]: no item of "wlan-ssids" matches {"ssid":"Nope"}');
    const unknown = refusal(() =>
      api.fake.seed({ patch: [{ collection: 'wlan-ssid', add: [{}] }] }),
    );
    expect(unknown.message).toBe('seed patch[0]: no collection "wlan-ssid" in this bundle');
    expect(unknown.hint).toContain('wlan-ssids');
    const two = refusal(() =>
      api.fake.seed({ patch: [{ collection: 'wlan-ssids', set: {}, add: [] }] }),
    );
    expect(two.message).toBe('seed patch[0]: needs exactly one of set, add, remove (got 2)');
    expect(api.fake.state().seeded).toBeUndefined();
  });
});
