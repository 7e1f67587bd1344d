import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';
import { getToken } from '../../../test/helpers/temp-bundle.js';

// The generated floor plans of site-a, read through a real fake.
const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1';
const SFO = '5563304806';

describe('floor plans', () => {
  it('each site has one building; floors per ten APs; ids agree across reads', async () => {
    const aps = (await api.get(`${M}/aps?limit=100`)).items.filter(
      (a: { siteId: string }) => a.siteId === SFO,
    ).length;
    const buildings = await api.get(`${M}/sitemaps/${SFO}/buildings`);
    expect(buildings.count).toBe(1);
    const [building] = buildings.items;
    expect(building.floors).toHaveLength(Math.max(1, Math.ceil(aps / 10)));
    const [floor] = building.floors;
    expect(floor.id).toHaveLength(20);
    expect(floor.floorId.replace(/-/g, '').startsWith(floor.id)).toBe(true);
    expect(floor.properties.buildingId).toBe(building.id);
    expect(await api.get(`${M}/sitemaps/${SFO}/floors/${floor.floorId}`)).toEqual(floor);
    // Nothing is placed yet: the summary still counts every AP of the site non-deployed.
    // The document requires `filter` (floor ids, `in`); the summary counts the site's APs.
    const floors = encodeURIComponent(`floorId in ('${floor.floorId}')`);
    const summary = await api.get(`${M}/sitemaps-summary/${SFO}?filter=${floors}`);
    expect(summary.deviceSummary.nondeployedDevices.aps).toBe(aps);
  });

  it('walls and zones are features of the floor; the image draws the same walls', async () => {
    const [building] = (await api.get(`${M}/sitemaps/${SFO}/buildings`)).items;
    const floorId = building.floors[0].floorId;
    const walls = await api.get(`${M}/sitemaps/${SFO}/floors/${floorId}/walls`);
    expect(walls.count).toBe(walls.items.length);
    expect(walls.items[0]).toMatchObject({
      type: 'Feature',
      featureType: 'wall',
      properties: { floorId },
    });
    const zones = await api.get(`${M}/sitemaps/${SFO}/floors/${floorId}/zones`);
    expect(
      zones.items.map((z: { properties: { zoneType: string } }) => z.properties.zoneType),
    ).toEqual(['INCLUSION', 'EXCLUSION']);
    const token = await getToken(api.fake.url, api.fake.credentials);
    const image = await fetch(
      `${api.fake.url}${M}/sitemaps/${SFO}/floors/${floorId}/image?raster=true`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    const text = await image.text();
    expect(text.match(/<line /g)).toHaveLength(walls.count);
    expect(text).toContain('<title>Floor 1</title>');
  });

  it('an unknown floor or a site without a plan is 404', async () => {
    expect((await api.call(`${M}/sitemaps/${SFO}/floors/nope/walls`)).status).toBe(404);
    expect((await api.call(`${M}/sitemaps/0000000000/buildings`)).status).toBe(404);
  });
});
