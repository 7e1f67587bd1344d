import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });

const C = '/network-config/v1alpha1';

describe('NAC profiles', () => {
  it('serves auth servers with the shared secret as its stored Vault ciphertext', async () => {
    const list = await api.get(`${C}/auth-servers`);
    expect(list['auth-server'][0]['shared-secret-config']['plaintext-value']).toMatch(/^vault:v1:/);
  });

  it('addresses auth profiles and authz policies by name or by id', async () => {
    const profiles = await api.get(`${C}/auth-profiles`);
    const first = profiles['auth-profile'][0];
    expect(await api.get(`${C}/auth-profiles/${first.name}`)).toEqual(first);
    expect(await api.get(`${C}/auth-profiles/${first['auth-profile-id']}`)).toEqual(first);
    const policy = (await api.get(`${C}/authz-policies`))['authz-policy'][0];
    expect(await api.get(`${C}/authz-policies/${policy['policy-id']}`)).toEqual(policy);
  });
});

describe('MAC registrations', () => {
  it('pages by cursor, or by offset when given', async () => {
    const page = await api.get(`${C}/cnac-mac-reg?limit=2`);
    expect(page).toMatchObject({ count: 2, next: '2', total: 7 });
    const byOffset = await api.get(`${C}/cnac-mac-reg?limit=2&offset=6`);
    expect(byOffset).toMatchObject({ count: 1, offset: 6, total: 7 });
    expect((await api.get(`${C}/cnac-mac-reg?search=printer`)).items[0].macAddress).toBe(
      '64:51:06:b2:7c:10',
    );
  });

  it('registers a MAC from the vendor body, reads it back, updates it by MAC, deletes it', async () => {
    const created = await api.call(`${C}/cnac-mac-reg`, {
      method: 'POST',
      body: { input: { macAddress: 'DE:AD:BE:EF:00:01', displayName: 'lab-sensor', enable: true } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      macAddress: 'de:ad:be:ef:00:01',
      displayName: 'lab-sensor',
      type: 'cnac-mac-reg',
    });
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await api.get(`${C}/cnac-mac-reg/${created.body.id}`)).toEqual(created.body);
    await api.call(`${C}/cnac-mac-reg`, {
      method: 'PUT',
      body: { input: { macAddress: 'de:ad:be:ef:00:01', enable: false } },
    });
    expect((await api.get(`${C}/cnac-mac-reg/${created.body.id}`)).enable).toBe(false);
    expect(
      (await api.call(`${C}/cnac-mac-reg/${created.body.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await api.call(`${C}/cnac-mac-reg/${created.body.id}`)).status).toBe(404);
  });

  it('gives the same id to the same creation after reset (determinism)', async () => {
    const body = { input: { macAddress: 'de:ad:be:ef:00:02' } };
    const first = (await api.call(`${C}/cnac-mac-reg`, { method: 'POST', body })).body;
    api.fake.reset();
    expect((await api.call(`${C}/cnac-mac-reg`, { method: 'POST', body })).body).toEqual(first);
  });

  it.each([
    [{ input: { macAddress: 'not-a-mac' } }, 400, 'HPE_GL_ERROR_BAD_REQUEST'],
    [{ input: { macAddress: '64:51:06:b2:7c:10' } }, 409, 'HPE_GL_ERROR_CONFLICT'],
  ])('refuses %j', async (body, status, code) => {
    const res = await api.call(`${C}/cnac-mac-reg`, { method: 'POST', body });
    expect(res.status).toBe(status);
    expect(res.body.errorCode).toBe(code);
  });
});
