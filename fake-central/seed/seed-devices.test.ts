import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';
import { FakeCentralError } from '../errors.js';

// A device seeded for one test shows up everywhere the API shows a device of its site, counts
// in the site's health, is not a "change" to the state, and is gone after the next reset.

const api = useFakeApi({ fixture: 'site-a' });
const SFO = '5563304806';
const M = '/network-monitoring/v1';
const AP = { serialNumber: 'TESTAP0001', deviceType: 'AP', siteId: SFO } as const;

const serials = (body: { items: { serialNumber?: string; serial?: string }[] }): string[] =>
  body.items.map((i) => String(i.serialNumber ?? i.serial));

async function apHealth(): Promise<{
  good: number;
  count: number;
  deviceCount: string;
  tenant: number;
}> {
  const detail = await api.get(`${M}/site-health/${SFO}`);
  const aps = detail.deviceTypes.find((t: { name: string }) => t.name === 'Access Points');
  const sites = await api.get(`${M}/sites-health`);
  const scope = await api.get('/network-config/v1/sites?limit=100');
  const tenant = await api.get(`${M}/tenant-device-health`);
  const tenantAps = tenant.deviceTypes.find((t: { name: string }) => t.name === 'Access Points');
  return {
    good: aps.health.groups.find((g: { name: string }) => g.name === 'Good').value,
    count: sites.items.find((s: { id: string }) => s.id === SFO).devices.count,
    deviceCount: scope.items.find((s: { id: string }) => s.id === SFO).deviceCount,
    tenant: tenantAps.health.groups.find((g: { name: string }) => g.name === 'Good').value,
  };
}

describe('seeding devices', () => {
  it('adds an AP to every endpoint of its site and to its site health, until the reset', async () => {
    const before = await apHealth();
    api.fake.reset(undefined, { seed: { devices: [{ ...AP, deviceName: 'SFO-AP-TEST' }] } });

    expect(serials(await api.get(`${M}/devices?limit=1000`))).toContain(AP.serialNumber);
    expect(serials(await api.get(`${M}/device-inventory?limit=1000`))).toContain(AP.serialNumber);
    expect(serials(await api.get(`${M}/aps?limit=1000`))).toContain(AP.serialNumber);
    const detail = await api.get(`${M}/aps/${AP.serialNumber}`);
    expect(detail).toMatchObject({
      serialNumber: AP.serialNumber,
      deviceName: 'SFO-AP-TEST',
      siteId: SFO,
    });
    expect(serials(await api.get('/devices/v1/devices?limit=1000'))).toContain(AP.serialNumber);
    const seeded = await apHealth();
    expect(seeded).toEqual({
      good: before.good + 1,
      count: before.count + 1,
      deviceCount: String(Number(before.deviceCount) + 1),
      tenant: before.tenant + 1,
    });
    // The seed is the baseline: no change until the server under test writes.
    expect(api.fake.state().changes).toEqual([]);
    expect(api.fake.state().seeded).toMatchObject({
      'aps.json': 1,
      'devices.json': 1,
      'glp-devices.json': 1,
    });

    api.fake.reset();
    expect(serials(await api.get(`${M}/devices?limit=1000`))).not.toContain(AP.serialNumber);
    expect((await api.call(`${M}/aps/${AP.serialNumber}`)).status).toBe(404);
    expect(await apHealth()).toEqual(before);
    expect(api.fake.state().seeded).toBeUndefined();
  });

  it('puts a device no site holds in the inventories only, unprovisioned', async () => {
    api.fake.seed({
      devices: [{ serialNumber: 'TESTSW0001', deviceType: 'SWITCH', siteId: null }],
    });
    const inventory = await api.get(`${M}/device-inventory?limit=1000`);
    const row = inventory.items.find(
      (d: { serialNumber: string }) => d.serialNumber === 'TESTSW0001',
    );
    expect(row).toMatchObject({
      siteId: null,
      siteName: null,
      isProvisioned: 'No',
      deviceType: 'SWITCH',
    });
    const unassigned = await api.get(`${M}/device-inventory?site-assigned=UNASSIGNED&limit=1000`);
    expect(serials(unassigned)).toEqual(['TESTSW0001']);
    expect(serials(await api.get(`${M}/devices?limit=1000`))).not.toContain('TESTSW0001');
    expect(serials(await api.get(`${M}/switches?limit=1000`))).not.toContain('TESTSW0001');
  });

  it('refuses a seed naming what is wrong, and then changes nothing', () => {
    api.fake.seed({ devices: [AP] });
    const refusal = (seed: unknown): FakeCentralError => {
      try {
        api.fake.reset(undefined, { seed: seed as never });
      } catch (error) {
        return error as FakeCentralError;
      }
      throw new Error('the seed was accepted');
    };
    const typo = refusal({ devices: [{ ...AP, sitId: SFO }] });
    expect(typo.message).toBe('seed devices[0]: unknown key "sitId"');
    expect(typo.hint).toMatch(/^did you mean "siteId"\? keys: serialNumber, /);
    const site = refusal({ devices: [{ ...AP, siteId: '42' }] });
    expect(site.message).toBe('seed devices[0]: siteId "42" is not a site of this bundle');
    expect(site.hint).toContain(`${SFO} (SFO-Branch)`);
    expect(refusal({ devices: [{ ...AP, serialNumber: 'CNKFAEL9TV' }] }).message).toContain(
      'serialNumber "CNKFAEL9TV" is already in the bundle',
    );
    expect(refusal({ devices: [{ ...AP, deviceType: 'ROUTER' }] }).message).toBe(
      'seed devices[0].deviceType: "ROUTER" is not one of AP, SWITCH, GATEWAY',
    );
    // The seed in force before the refused resets is still served.
    expect(api.fake.state().seeded).toMatchObject({ 'aps.json': 1 });
  });

  it('counts a Poor device in the site reasons and the overall health', async () => {
    api.fake.seed({ devices: [{ ...AP, health: 'Poor' }] });
    const detail = await api.get(`${M}/site-health/${SFO}`);
    expect(detail.reasons).toContainEqual({
      reason: 'DEVICE_HEALTH_POOR',
      health: 'Poor',
      data: { count: 2 },
    });
    const sum = detail.health.groups.reduce((n: number, g: { value: number }) => n + g.value, 0);
    expect(sum).toBe(100);
  });
});
