import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken, writeTempBundle } from '../../test/helpers/temp-bundle.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';
import { cutPage, pageListKey } from './short-page.js';

const mac = (n: number): string => `AA:BB:CC:00:00:0${n}`;
const clients = [1, 2, 3, 4, 5].map((n) => ({ macAddress: mac(n), status: 'Connected' }));
const sites = [1, 2, 3, 4, 5].map((n) => ({ siteId: `s${n}`, siteName: `Site ${n}` }));
const CLIENTS = '/network-monitoring/v1/clients';
const SITES = '/network-monitoring/v1/sites-health';

describe('cutPage / pageListKey (pure)', () => {
  it.each([
    [{ count: 2, items: [1, 2], total: 9, next: '2' }, 'items'],
    [{ count: 1, events: [1], total: 1 }, 'events'],
    [{ count: 2, items: [1, 2], other: [3, 4] }, null], // ambiguous: not a page
    [{ items: [1, 2] }, null],
    [[1, 2], null],
    [null, null],
  ])('finds the list key of %j: %s', (body, key) => {
    expect(pageListKey(body)).toBe(key);
  });

  it('keeps the first half by default, or `keep` items; count follows, total and next do not', () => {
    const page = { count: 5, items: [1, 2, 3, 4, 5], total: 12, next: '2' };
    expect(cutPage(page)).toEqual({
      body: { count: 2, items: [1, 2], total: 12, next: '2' },
      served: 2,
      of: 5,
    });
    expect(cutPage(page, 4)?.body).toMatchObject({ count: 4, items: [1, 2, 3, 4] });
    expect(cutPage({ count: 1, items: [1], next: null }, undefined)?.body).toEqual({
      count: 0,
      items: [],
      next: null,
    });
    expect(page.items).toHaveLength(5); // never mutated
  });

  it('leaves pages it cannot shorten alone', () => {
    expect(cutPage({ count: 0, items: [] })).toBeNull();
    expect(cutPage({ count: 2, items: [1, 2] }, 2)).toBeNull();
    expect(cutPage({ id: 'x' })).toBeNull();
  });
});

describe('the short_page fault against a real fake', () => {
  let fake: FakeCentral;
  let cleanup: () => void;
  let token: string;

  beforeAll(async () => {
    const bundle = writeTempBundle({ 'clients.json': clients, 'sites-health.json': sites });
    cleanup = bundle.cleanup;
    fake = await startFakeCentral({ fixture: bundle.dir });
  });
  afterAll(async () => {
    await fake.close();
    cleanup();
  });
  beforeEach(async () => {
    fake.setFaults({
      faults: [{ kind: 'short_page', first: 1, match: [`GET ${CLIENTS}`, `GET ${SITES}`] }],
    });
    fake.reset();
    token = await getToken(fake.url);
  });

  async function page(path: string): Promise<Record<string, unknown>> {
    const res = await fetch(`${fake.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  it('cuts the first cursor page: count < limit while next is set; asked again it is whole', async () => {
    const cut = await page(`${CLIENTS}?limit=4`);
    expect(cut).toMatchObject({ count: 2, total: 5, next: '2' });
    expect((cut.items as { macAddress: string }[]).map((c) => c.macAddress)).toEqual([
      mac(1),
      mac(2),
    ]);
    const again = await page(`${CLIENTS}?limit=4`);
    expect(again).toMatchObject({ count: 4, total: 5, next: '2' });
    const rest = await page(`${CLIENTS}?limit=4&next=2`);
    // listUnifiedClients makes `next` optional: the last page carries none (SPEC.md §5).
    expect(rest).toMatchObject({ count: 1, total: 5 });
    expect(rest).not.toHaveProperty('next');
    const log = fake.calls().filter((c) => c.kind === 'read');
    expect(log.map((c) => c.fault)).toEqual(['short_page', undefined, undefined]);
    expect(log[0]?.shortPage).toEqual({ served: 2, of: 4 });
    expect(log[1]?.shortPage).toBeUndefined();
  });

  it('cuts an offset page: offset + count < total, and offset + count continues it', async () => {
    const cut = await page(`${SITES}?limit=4&offset=0`);
    expect(cut).toMatchObject({ count: 2, offset: 0, total: 5 });
    const rest = await page(`${SITES}?limit=4&offset=2`);
    expect(rest).toMatchObject({ count: 3, offset: 2, total: 5 });
    expect((rest.items as { siteId: string }[]).map((s) => s.siteId)).toEqual(['s3', 's4', 's5']);
  });

  it('is the same on every run: reset() restarts the count', async () => {
    expect(await page(`${CLIENTS}?limit=4`)).toMatchObject({ count: 2 });
    fake.reset();
    token = await getToken(fake.url);
    expect(await page(`${CLIENTS}?limit=4`)).toMatchObject({ count: 2 });
  });

  it('does not count reads it cannot cut (an empty page, a non-list answer)', async () => {
    fake.setFaults({ faults: [{ kind: 'short_page', first: 1, keep: 4 }] });
    fake.reset();
    token = await getToken(fake.url);
    expect(await page(`${CLIENTS}?limit=4`)).toMatchObject({ count: 4 }); // 4 ≤ keep: not cut
    const whole = await page(`${CLIENTS}?limit=5`);
    expect(whole).toMatchObject({ count: 4, total: 5 });
    expect(whole).not.toHaveProperty('next');
    expect(await page(`${CLIENTS}?limit=5`)).toMatchObject({ count: 5 });
  });
});
