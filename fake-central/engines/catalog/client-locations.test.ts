import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });
const L = '/network-services/v1/wifi-clients-locations';
const SFO = '5563304806';
const OAK = '2459302564';

interface Fix {
  id: string;
  macAddress: string;
  siteId: string;
  floorId: string;
  buildingId: string;
  createdAt: string;
  cartesianCoordinates: { xInMetre: number; yInMetre: number };
  numOfReportingAps: number;
}
const fixesOf = async (query: string): Promise<Fix[]> =>
  (await api.get(`${L}?${query}`)).items as Fix[];

describe('Wi-Fi client locations', () => {
  it('places every connected wireless client, three fixes each, on a floor of its site', async () => {
    const page = await api.get(`${L}?limit=1000`);
    // site-a: 41 connected wireless clients (the failed ones and wired ones have no fix).
    expect(page).toMatchObject({ count: 123, offset: 0, total: 123 });
    const macs = new Set((page.items as Fix[]).map((f) => f.macAddress));
    expect(macs.size).toBe(41);
    expect(macs.has('a4:bb:6d:3e:19:c2')).toBe(false); // Failed
    for (const f of page.items as Fix[]) {
      expect(f.id).toBe(`${f.macAddress}-${Date.parse(f.createdAt)}`);
      expect(f.id.length).toBeLessThanOrEqual(31);
      expect(Date.parse(f.createdAt)).toBeLessThanOrEqual(Date.parse('2026-03-02T12:00:00Z'));
    }
  });

  it('keeps the newest fix per client with latest-location-per-client, narrowed by site', async () => {
    const latest = await fixesOf(`latest-location-per-client=1&filter=siteId eq '${OAK}'`);
    expect(latest.every((f) => f.siteId === OAK)).toBe(true);
    expect(new Set(latest.map((f) => f.macAddress)).size).toBe(latest.length);
    const all = await fixesOf(`limit=1000&filter=siteId eq '${OAK}'`);
    expect(all).toHaveLength(latest.length * 3);
    for (const fix of latest) {
      const times = all.filter((f) => f.macAddress === fix.macAddress).map((f) => f.createdAt);
      expect(fix.createdAt).toBe(times.sort().at(-1));
    }
    const both = await fixesOf(`latest-location-per-client=1&filter=siteId in ('${OAK}','${SFO}')`);
    expect(both).toHaveLength(41);
  });

  it('answers one client’s latest fix by MAC, the same after a reset', async () => {
    const [fix] = await fixesOf('latest-connected-client-mac=3C:22:FB:2B:B9:88');
    expect(fix).toMatchObject({ macAddress: '3c:22:fb:2b:b9:88', siteId: OAK });
    api.fake.reset();
    expect(await fixesOf('latest-connected-client-mac=3c:22:fb:2b:b9:88')).toEqual([fix]);
    expect(await fixesOf('latest-connected-client-mac=a4:bb:6d:3e:19:c2')).toEqual([]);
  });

  it('narrows by floor and start-at, and pages by offset (default 100)', async () => {
    const [first] = await fixesOf('limit=1');
    const onFloor = await fixesOf(`limit=1000&filter=floorId eq '${first?.floorId}'`);
    expect(onFloor.length).toBeGreaterThan(0);
    expect(onFloor.every((f) => f.floorId === first?.floorId)).toBe(true);
    const recent = await fixesOf(`limit=1000&start-at=${Date.parse('2026-03-02T11:55:00Z')}`);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(123);
    expect((await api.get(L)).count).toBe(100);
    expect(await api.get(`${L}?offset=100`)).toMatchObject({ count: 23, offset: 100 });
  });

  it.each([
    ['latest-location-per-client=1', 'siteId eq or in is required'],
    [
      `latest-location-per-client=1&latest-connected-client-mac=3c:22:fb:2b:b9:88`,
      'mutually exclusive',
    ],
    ['latest-connected-client-mac=3c:22:fb:2b:b9:88&limit=5', 'takes no limit'],
  ])('%s is refused, naming the rule', async (query, words) => {
    const res = await api.call(`${L}?${query}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(words);
  });
});
