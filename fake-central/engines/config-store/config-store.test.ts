import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';
import { PROFILE_FAMILIES } from './profile-table.js';

const api = useFakeApi({ fixture: 'site-a' });

const C = '/network-config/v1alpha1';
const LOCAL = 'object-type=LOCAL&scope-id=5563304806&device-function=CAMPUS_AP';

describe('profile table', () => {
  it('reads every family with its list key and key field, no segment twice', () => {
    const segments = PROFILE_FAMILIES.map((f) => f.segment);
    expect(new Set(segments).size).toBe(segments.length);
    expect(PROFILE_FAMILIES.find((f) => f.segment === 'vsf-templates')).toMatchObject({
      document: 'high-availability',
      listKey: 'template',
      keyField: 'name',
      singleton: false,
    });
    expect(PROFILE_FAMILIES.find((f) => f.segment === 'layer2-vlan')).toMatchObject({
      listKey: 'l2-vlan',
      keyField: 'vlan',
    });
    expect(PROFILE_FAMILIES.find((f) => f.segment === 'lacp')?.singleton).toBe(true);
  });
});

describe('generic config store', () => {
  it('runs create → read-back → list → patch → delete for a profile type, v1 like v1alpha1', async () => {
    expect(await api.get(`${C}/vsf-templates`)).toEqual({ template: [] });
    const body = {
      name: 'vsf-6300',
      description: 'two members',
      platform: 'PLATFORM_6300',
      'number-of-members': 2,
      members: [{ id: 1, sku: 'JL659A' }],
    };
    const created = await api.call(`${C}/vsf-templates/vsf-6300`, { method: 'POST', body });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ errorCode: 'SUCC_001' });
    expect(await api.get(`${C}/vsf-templates/vsf-6300`)).toEqual(body);
    expect(await api.get('/network-config/v1/vsf-templates')).toEqual({ template: [body] });
    const again = await api.call(`${C}/vsf-templates/vsf-6300`, { method: 'POST', body });
    expect(again.status).toBe(412);
    await api.call(`${C}/vsf-templates/vsf-6300`, {
      method: 'PATCH',
      body: { description: 'three members', members: null },
    });
    expect(await api.get(`${C}/vsf-templates/vsf-6300`)).toEqual({
      name: 'vsf-6300',
      description: 'three members',
      platform: 'PLATFORM_6300',
      'number-of-members': 2,
    });
    expect((await api.call(`${C}/vsf-templates/vsf-6300`, { method: 'DELETE' })).status).toBe(200);
    expect((await api.call(`${C}/vsf-templates/vsf-6300`)).status).toBe(404);
  });

  it('keeps LOCAL objects per scope beside the seeded library: LIBRARY, LOCAL and detailed views', async () => {
    // roles.json is seeded by the fixture generator: `guest` is a shared library role on VLAN 30.
    const seeded = {
      name: 'guest',
      description: 'Clients in role guest',
      'vlan-parameters': { 'access-vlan': 30 },
    };
    expect(await api.get(`${C}/roles/guest`)).toEqual(seeded);
    const again = await api.call(`${C}/roles/guest`, { method: 'POST', body: { name: 'guest' } });
    expect(again.status).toBe(412);
    const local = { name: 'guest', 'vlan-parameters': { 'access-vlan': 20 } };
    await api.call(`${C}/roles/guest?${LOCAL}`, {
      method: 'POST',
      body: { 'vlan-parameters': { 'access-vlan': 20 } },
    });
    const guests = (list: { name: string }[]) => list.filter((r) => r.name === 'guest');
    expect(guests((await api.get(`${C}/roles`)).role)).toEqual([seeded, local]);
    const library = (await api.get(`${C}/roles?view-type=LIBRARY`)).role;
    expect(guests(library)).toEqual([seeded]);
    expect(library.map((r: { name: string }) => r.name)).toEqual([
      'employee',
      'guest',
      'iot',
      'wired-employee',
    ]);
    expect((await api.get(`${C}/roles?view-type=LOCAL&scope-id=5563304806`)).role).toEqual([local]);
    expect(
      (await api.get(`${C}/roles?view-type=LOCAL&scope-id=5563304806&effective=true`)).role,
    ).toHaveLength(5);
    expect((await api.call(`${C}/roles?view-type=LOCAL`)).status).toBe(400);
    expect(await api.get(`${C}/roles/guest?${LOCAL}`)).toEqual(local);
    expect(await api.get(`${C}/roles/guest`)).toEqual(seeded);
    const detailed = await api.get(`${C}/roles/guest?${LOCAL}&detailed=true`);
    expect(detailed['@']['aruba-annotation:object_type']).toBe('LOCAL');
    expect(JSON.parse(detailed['@']['aruba-annotation:scope_device_function'])).toEqual([
      { device_function: 'CAMPUS_AP', scope_type: 'SITE', scope_name: 'SFO-Branch' },
    ]);
    // Deleting the LOCAL copy leaves the shared one.
    await api.call(`${C}/roles/guest?${LOCAL}`, { method: 'DELETE' });
    expect(guests((await api.get(`${C}/roles`)).role)).toEqual([seeded]);
  });

  it('seeds VLANs, system and port profiles from the generator, readable by name', async () => {
    expect(await api.get(`${C}/layer2-vlan/30`)).toEqual({ vlan: 30, name: 'guest' });
    expect(await api.get(`${C}/named-vlan/iot`)).toMatchObject({
      vlan: { 'vlan-id-ranges': ['40'] },
    });
    expect((await api.get(`${C}/ntp/branch-ntp`)).servers).toEqual([{ address: 'pool.ntp.org' }]);
    expect((await api.get(`${C}/dns`)).profile.map((p: { name: string }) => p.name)).toEqual([
      'branch-dns',
    ]);
    expect(await api.get(`${C}/sw-port-profiles/access-wired`)).toMatchObject({
      description: 'Access ports on VLAN 20',
    });
  });

  it('refuses half a LOCAL scope and a body key that contradicts the path', async () => {
    const half = await api.call(`${C}/ntp/corp?object-type=LOCAL&scope-id=5563304806`, {
      method: 'POST',
      body: {},
    });
    expect(half.status).toBe(400);
    expect(half.body.message).toContain('scope-id and device-function are mandatory');
    const wrong = await api.call(`${C}/ntp/corp`, { method: 'POST', body: { name: 'other' } });
    expect(wrong.status).toBe(400);
  });

  it('serves singletons per scope and records writes as collateral state', async () => {
    expect(await api.get(`${C}/lacp`)).toEqual({});
    await api.call(`${C}/lacp`, { method: 'POST', body: { 'system-priority': 100 } });
    await api.call(`${C}/lacp`, { method: 'PATCH', body: { hash: 'L3' } });
    expect(await api.get(`${C}/lacp`)).toEqual({ 'system-priority': 100, hash: 'L3' });
    await api.call(`${C}/dns/corp`, { method: 'POST', body: { name: 'corp' } });
    const labels = api.fake
      .checkState([])
      .collateral.map((c) => `${c.collection} ${c.item} ${c.change}`);
    expect(labels).toEqual(expect.arrayContaining(['dns name=corp added', 'lacp #0 added']));
  });

  it('answers 405 for a method the family does not have and 404 for an unknown family', async () => {
    expect((await api.call(`${C}/lacp/x`)).status).toBe(404);
    expect((await api.call(`${C}/vsf-templates`, { method: 'DELETE' })).status).toBe(405);
    const calls = api.fake.calls();
    expect(calls.at(-1)?.unrouted).toBe(true);
  });
});
