import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// Vendor facts: the firmware-policy document's firmware-compliance operations take
// object-type / scope-id / device-function on writes and view-type / effective / detailed on
// reads (readFirmwareCompliance, createFirmwareCompliance, updateFirmwareCompliance,
// deleteFirmwareCompliance); SPEC.md §11.
const api = useFakeApi({ fixture: 'site-a' });
const FC = '/network-config/v1alpha1/firmware-compliance';
const SITE = '5563304806'; // SFO-Branch, in site collection 1856291114 (Bay Area Branches)
const COLLECTION = '1856291114';
const at = (scope: string, fn = 'CAMPUS_AP'): string =>
  `object-type=LOCAL&scope-id=${scope}&device-function=${fn}`;

describe('scope-aware firmware compliance', () => {
  it('keeps a LOCAL policy per scope beside the shared one, and each read sees its own', async () => {
    const created = await api.call(`${FC}?${at(COLLECTION)}`, {
      method: 'POST',
      body: { name: 'branch-aps', 'version-chart': { version: '10.7.2.1_93254' } },
    });
    expect(created.status).toBe(200);
    // The shared policy is untouched by a LOCAL write.
    const shared = await api.get(FC);
    expect(shared).toMatchObject({ name: 'default-firmware-compliance' });
    expect(shared['version-chart'].version).toBe('10.7.2.0_92876');
    const local = await api.get(`${FC}?${at(COLLECTION)}`);
    expect(local).toEqual({ name: 'branch-aps', 'version-chart': { version: '10.7.2.1_93254' } });
    // A second POST at the same scope is 412; at another device function it is a new policy.
    expect((await api.call(`${FC}?${at(COLLECTION)}`, { method: 'POST', body: {} })).status).toBe(
      412,
    );
    expect(
      (await api.call(`${FC}?${at(COLLECTION, 'ACCESS_SWITCH')}`, { method: 'POST', body: {} }))
        .status,
    ).toBe(200);
  });

  it('effective=true inherits the nearest policy above: the site collection, then the shared one', async () => {
    expect((await api.call(`${FC}?${at(SITE)}`)).status).toBe(404);
    const fromShared = await api.get(`${FC}?${at(SITE)}&effective=true`);
    expect(fromShared.name).toBe('default-firmware-compliance');
    await api.call(`${FC}?${at(COLLECTION)}`, {
      method: 'POST',
      body: { name: 'branch-aps', 'version-chart': { version: '10.7.2.1_93254' } },
    });
    const fromCollection = await api.get(`${FC}?${at(SITE)}&effective=true`);
    expect(fromCollection.name).toBe('branch-aps');
    const annotated = await api.get(`${FC}?${at(COLLECTION)}&detailed=true`);
    expect(annotated['@']['aruba-annotation:object_type']).toBe('LOCAL');
    expect(annotated['@']['aruba-annotation:scope_device_function']).toContain('Bay Area Branches');
  });

  it('patches and deletes only the addressed scope; bad scope parameters are 400', async () => {
    await api.call(`${FC}?${at(SITE)}`, { method: 'POST', body: { name: 'sfo' } });
    const patched = await api.call(`${FC}?${at(SITE)}`, {
      method: 'PATCH',
      body: { 'version-chart': { version: '10.7.2.1_93254' } },
    });
    expect(patched.status).toBe(200);
    expect((await api.get(`${FC}?${at(SITE)}`))['version-chart'].version).toBe('10.7.2.1_93254');
    expect((await api.call(`${FC}?${at(SITE)}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api.call(`${FC}?${at(SITE)}`)).status).toBe(404);
    expect((await api.get(FC))['version-chart'].version).toBe('10.7.2.0_92876');
    const shared = await api.call(`${FC}?object-type=SHARED&scope-id=${SITE}`, {
      method: 'PATCH',
      body: {},
    });
    expect(shared.status).toBe(400);
    expect(shared.body.errorCode).toBe('ERR_AP001');
    expect((await api.call(`${FC}?view-type=LOCAL`)).status).toBe(400);
  });
});
