import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });
const P = '/network-config/v1alpha1/policy-groups';
const ENTRY = `${P}/policy-group/policy-group-list`;

describe('policy-group-list entries of the policy-groups singleton', () => {
  it('create → read → patch → delete, visible in the singleton GET', async () => {
    expect((await api.call(`${ENTRY}/corp`)).status).toBe(404);
    const created = await api.call(`${ENTRY}/corp`, { method: 'POST', body: { position: 2 } });
    expect(created.status).toBe(200);
    expect(await api.get(`${ENTRY}/corp`)).toEqual({ name: 'corp', position: 2 });
    expect(await api.get(P)).toEqual({
      'policy-group': { 'policy-group-list': [{ name: 'corp', position: 2 }] },
    });
    const twice = await api.call(`${ENTRY}/corp`, { method: 'POST', body: { position: 2 } });
    expect(twice.status).toBe(412);
    await api.call(`${ENTRY}/corp`, { method: 'PATCH', body: { position: 7 } });
    expect((await api.get(`${ENTRY}/corp`)).position).toBe(7);
    expect((await api.call(`${ENTRY}/corp`, { method: 'DELETE' })).status).toBe(200);
    expect((await api.call(`${ENTRY}/corp`)).status).toBe(404);
    expect(api.fake.calls().every((c) => c.unrouted === undefined)).toBe(true);
  });

  it('names the field on a bad body', async () => {
    const noPosition = await api.call(`${ENTRY}/guest`, { method: 'POST', body: {} });
    expect(noPosition.status).toBe(400);
    expect(noPosition.body.message).toContain('/position is required');
    const other = await api.call(`${ENTRY}/guest`, {
      method: 'POST',
      body: { name: 'iot', position: 1 },
    });
    expect(other.body.message).toContain('name in the body (iot) does not match the path (guest)');
  });
});
