import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';

const siteA = useFakeApi({ fixture: 'site-a' });
const campusB = useFakeApi({ fixture: 'campus-b' });

const V = '/network-config/v1alpha1/cnac-visitor';

describe('NAC visitor accounts', () => {
  it('lists the bundle’s visitors in createdAt order, with every status the world has', async () => {
    const list = await siteA.get(V);
    expect(list).toMatchObject({ count: 6, total: 6 });
    const created = list.items.map((v: { createdAt: string }) => v.createdAt);
    expect(created).toEqual([...created].sort());
    const all = (await campusB.get(`${V}?limit=1000`)).items as { status: string }[];
    expect(new Set(all.map((v) => v.status))).toEqual(new Set(['ACTIVE', 'EXPIRED', 'DISABLED']));
  });

  it('pages campus-b’s 130 by cursor (default 50) and by offset; search narrows', async () => {
    const first = await campusB.get(V);
    expect(first).toMatchObject({ count: 50, next: '2', total: 130 });
    const last = await campusB.get(`${V}?next=3`);
    expect(last).toMatchObject({ count: 30, total: 130 });
    expect(last.next).toBeUndefined();
    expect(await campusB.get(`${V}?limit=10&offset=125`)).toMatchObject({ count: 5, offset: 125 });
    const one = first.items[7];
    const found = await campusB.get(`${V}?search=${encodeURIComponent(one.email)}`);
    expect(found.items.map((v: { id: string }) => v.id)).toEqual([one.id]);
  });

  it('creates from the vendor body, updates by the id in `input`, deletes by id', async () => {
    const created = await siteA.call(V, {
      method: 'POST',
      body: {
        input: {
          name: 'jo.visitor',
          displayName: 'Jo Visitor',
          email: 'jo@example.com',
          expireAt: '2026-03-09T12:00:00Z',
          vestaPasswordMethod: 'EMAIL',
        },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'jo.visitor',
      enable: true,
      status: 'ACTIVE',
      type: 'cnac-visitor',
    });
    // An instruction to the service, not a stored field.
    expect(created.body.vestaPasswordMethod).toBeUndefined();
    const id = created.body.id;
    expect((await siteA.get(`${V}?search=jo.visitor`)).items).toEqual([created.body]);

    const updated = await siteA.call(V, {
      method: 'PUT',
      body: { input: { id, name: 'jo.visitor', displayName: 'Jo V.', enable: false } },
    });
    expect(updated.body).toMatchObject({ id, displayName: 'Jo V.', status: 'DISABLED' });
    // An account past its expireAt is expired and disabled, whatever `enable` says.
    const expired = await siteA.call(V, {
      method: 'PUT',
      body: { input: { id, enable: true, expireAt: '2026-03-01T00:00:00Z' } },
    });
    expect(expired.body).toMatchObject({ enable: false, status: 'EXPIRED' });

    expect((await siteA.call(`${V}/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await siteA.call(`${V}/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await siteA.get(V)).total).toBe(6);
  });

  it.each([
    ['POST', { input: { displayName: 'no login name' } }, 400, 'input.name is required'],
    ['POST', { input: { name: 'KOFI.GARCIA' } }, 409, 'Visitor already exists'],
    ['PUT', { input: { name: 'x' } }, 400, 'input.id is required'],
    ['PUT', { input: { id: 'no-such-visitor', name: 'x' } }, 404, 'no-such-visitor'],
  ])('%s %j is refused (%i) and changes nothing', async (method, body, status, words) => {
    const before = await siteA.get(`${V}?limit=1000`);
    const res = await siteA.call(V, { method, body });
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body)).toContain(words);
    expect(await siteA.get(`${V}?limit=1000`)).toEqual(before);
  });

  it('gives the same id to the same creation after reset (determinism)', async () => {
    const body = { input: { name: 'same.again' } };
    const first = (await siteA.call(V, { method: 'POST', body })).body;
    siteA.fake.reset();
    expect((await siteA.call(V, { method: 'POST', body })).body).toEqual(first);
  });
});
