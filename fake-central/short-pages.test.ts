import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../test/helpers/temp-bundle.js';
import { startFakeCentral, type FakeCentral } from './start-fake-central.js';
import type { Json } from './types.js';

// Short-pages mode (FakeCentral.setShortPages): the sweep's `truncated` probe serves every paged
// collection in a few pages, as the API may, so a server whose loop over pages is cut to one
// page shows fewer values. A client that pages as the documents say must still get every item.

let fake: FakeCentral;
let token: string;

beforeAll(async () => {
  fake = await startFakeCentral();
  token = await getToken(fake.url, fake.credentials);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.setShortPages(null);
  fake.reset();
});

type Page = { count: number; total: number; next?: string | null; offset?: number | string } & {
  [key: string]: Json;
};

async function get(path: string): Promise<{ status: number; body: Page }> {
  const res = await fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Page };
}

/** Every item of a `next`-paged list, following `next` as KK and NW do. */
async function followNext(path: string, key = 'items'): Promise<{ items: Json[]; pages: number }> {
  const items: Json[] = [];
  let next: string | null | undefined;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const { body } = await get(`${path}${next ? `${sep}next=${next}` : ''}`);
    items.push(...(body[key] as Json[]));
    next = body.next;
    pages += 1;
  } while (next);
  return { items, pages };
}

/** Every item of an offset-paged list, advancing by `count` until `total`. */
async function byOffset(path: string): Promise<{ items: Json[]; pages: number }> {
  const items: Json[] = [];
  let pages = 0;
  for (;;) {
    const { body } = await get(`${path}&offset=${items.length}`);
    items.push(...(body.items as Json[]));
    pages += 1;
    if (body.count === 0 || items.length >= body.total) return { items, pages };
  }
}

const APS = '/network-monitoring/v1/aps?limit=1000';
const SITES = '/network-monitoring/v1/sites-health?limit=1000';

describe('short-pages mode', () => {
  it('serves a next-paged list in three pages; following next gets every item, in order', async () => {
    const full = (await get(APS)).body;
    expect(full.count).toBeGreaterThan(3);
    expect(full.next).toBeNull();
    fake.setShortPages(3);
    fake.reset();
    const size = Math.ceil(full.total / 3);
    const first = (await get(APS)).body;
    expect(first).toMatchObject({ count: size, next: '2', total: full.total });
    const all = await followNext(APS);
    expect(all).toEqual({ items: full.items, pages: 3 });
    // The call log says which pages were cut, and to what.
    expect(fake.calls().at(-1)).toMatchObject({
      status: 200,
      shortPages: { size, total: full.total },
    });
  });

  it('serves an offset-paged list in pages whose offset, count and total agree', async () => {
    const full = (await get(`${SITES}&offset=0`)).body;
    expect(full.count).toBeGreaterThan(1);
    fake.setShortPages(2);
    const cut = (await get(`${SITES}&offset=0`)).body;
    expect(cut).toMatchObject({ count: Math.ceil(full.total / 2), offset: 0, total: full.total });
    expect(await byOffset(SITES)).toEqual({ items: full.items, pages: 2 });
  });

  it('keeps a page the client already asked short, top-N lists and the cache as they were', async () => {
    fake.setShortPages(3);
    const small = await get('/network-monitoring/v1/aps?limit=2');
    expect(small.body.count).toBe(2);
    expect(fake.calls().at(-1)?.shortPages).toBeUndefined();
    // A full page cached before the mode was set is not served under it, nor the other way round.
    fake.setShortPages(null);
    const full = (await get(APS)).body;
    fake.setShortPages(3);
    expect((await get(APS)).body.count).toBeLessThan(full.count);
    fake.setShortPages(null);
    expect((await get(APS)).body).toEqual(full);
  });

  it('outlives reset() until set to null', async () => {
    fake.setShortPages(3);
    fake.reset();
    await get(APS);
    expect(fake.calls()[0]?.shortPages).toBeDefined();
    fake.setShortPages(null);
    await get(APS);
    expect(fake.calls()[1]?.shortPages).toBeUndefined();
  });

  it.each([1, 0, 2.5, 101, '3', -2])('refuses %j pages, naming the setting and the range', (n) => {
    expect(() => fake.setShortPages(n as number)).toThrow(
      /shortPages is .*; it must be a whole number from 2 to 100/,
    );
  });

  it('refuses a bad start option the same way', async () => {
    await expect(startFakeCentral({ shortPages: 1 })).rejects.toThrow(
      'shortPages is 1; it must be a whole number from 2 to 100',
    );
  });
});
