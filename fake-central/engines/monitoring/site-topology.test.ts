import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1';

type Row = Record<string, any>;

describe('site topology (getLinkTopology)', () => {
  it('lists every device of the site and links each switch and AP to a device of the site', async () => {
    const sites = (await api.get(`${M}/sites-health`)).items as Row[];
    for (const site of sites) {
      const topo = await api.get(`${M}/topology/${site.id}`);
      const listed = ((await api.get(`${M}/devices?limit=1000`)).items as Row[]).filter(
        (d) => d.siteId === site.id,
      );
      expect(topo).toMatchObject({ id: site.id, type: 'topology', isolatedDevicesCount: 0 });
      expect((topo.devices as Row[]).map((d) => d.serial).sort()).toEqual(
        listed.map((d) => d.serialNumber).sort(),
      );
      const serials = new Set((topo.devices as Row[]).map((d) => d.serial));
      const linked = new Set<string>();
      for (const link of topo.links as Row[]) {
        expect(serials.has(link.from) && serials.has(link.to)).toBe(true);
        expect(link.fromPortList).toHaveLength(1);
        linked.add(link.to);
      }
      // Every device but the root gateway hangs off another one: nothing is isolated.
      const roots = listed.filter((d) => !linked.has(d.serialNumber));
      expect(roots.map((d) => d.deviceType)).toEqual(['GATEWAY']);
      // No two links land on the same switch port.
      const ports = (topo.links as Row[]).map((l) => `${l.from}:${l.fromPortList[0].name}`);
      expect(new Set(ports).size).toBe(ports.length);
    }
  });

  it('answers 404 for a site that does not exist', async () => {
    expect((await api.call(`${M}/topology/1234`)).status).toBe(404);
  });
});
