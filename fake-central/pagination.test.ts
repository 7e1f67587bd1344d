import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../test/helpers/fake-api.js';

// campus-b is the scale bundle: 5,000+ clients and 1,500+ devices, so list endpoints page many times.
let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ fixture: 'campus-b' });
}, 60_000);
afterAll(() => api.close());

/**
 * The pycentral/KK loop: start at next=1, follow `next` until it is missing or null (they read it
 * with `.get`), never more pages than items.
 */
async function collectByCursor(
  path: string,
  limit: number,
): Promise<{ ids: string[]; total: number; pages: number }> {
  const ids: string[] = [];
  let next: string | null = '1';
  let total = -1;
  let pages = 0;
  while (next !== null) {
    const sep = path.includes('?') ? '&' : '?';
    const page = await api.get(`${path}${sep}limit=${limit}&next=${next}`);
    if (total === -1) total = page.total;
    expect(page.total).toBe(total);
    expect(page.count).toBe(page.items.length);
    ids.push(...page.items.map((i: { id: string }) => i.id));
    next = page.next ?? null;
    pages++;
    if (pages > total + 1) throw new Error(`pagination did not terminate after ${pages} pages`);
  }
  return { ids, total, pages };
}

describe('campus-b pagination', () => {
  it.each([1, 7, 100, 1000])(
    'collects every connected client exactly once at limit %i',
    async (limit) => {
      const { ids, total, pages } = await collectByCursor('/network-monitoring/v1/clients', limit);
      expect(total).toBeGreaterThan(4000);
      expect(ids).toHaveLength(total);
      expect(new Set(ids).size).toBe(total);
      expect(pages).toBe(Math.ceil(total / limit));
    },
  );

  it('keeps total equal to the filtered count (failed clients)', async () => {
    const filter = encodeURIComponent("status eq 'Failed'");
    const { ids, total } = await collectByCursor(
      `/network-monitoring/v1/clients?filter=${filter}`,
      7,
    );
    expect(total).toBe(146);
    expect(ids).toHaveLength(146);
  });

  it('pages devices the pycentral way (next += 1 until len == total)', async () => {
    const first = await api.get('/network-monitoring/v1/devices?limit=100&next=1');
    const all = [...first.items];
    for (let n = 2; all.length < first.total; n++) {
      all.push(...(await api.get(`/network-monitoring/v1/devices?limit=100&next=${n}`)).items);
      if (n > 100) throw new Error('did not terminate');
    }
    expect(all).toHaveLength(first.total);
    expect(first.total).toBeGreaterThanOrEqual(1500);
  });

  it('pages sites-health by offset to an exact total', async () => {
    const seen: string[] = [];
    let total = Infinity;
    for (let offset = 0; seen.length < total; offset += 7) {
      const page = await api.get(`/network-monitoring/v1/sites-health?limit=7&offset=${offset}`);
      total = page.total;
      seen.push(...page.items.map((s: { id: string }) => s.id));
      if (offset > 1000) throw new Error('did not terminate');
    }
    expect(new Set(seen).size).toBe(total);
    expect(total).toBeGreaterThanOrEqual(40);
  });
});
