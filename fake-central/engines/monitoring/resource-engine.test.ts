import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1';

type Row = Record<string, any>;
const all = async (path: string): Promise<Row[]> => (await api.get(path)).items as Row[];

describe('derived monitoring resources agree with the bundle', () => {
  it("radios are the AP details' radios; every wireless client's BSSID is listed", async () => {
    const aps = await all(`${M}/aps?limit=100`);
    let expected = 0;
    for (const ap of aps) expected += (await all(`${M}/aps/${ap.serialNumber}/radios`)).length;
    const radios = await api.get(`${M}/radios?limit=1000`);
    expect(radios.total).toBe(expected);
    expect(radios.next).toBeNull();
    const bssids = new Set((await all(`${M}/bssids?limit=1000`)).map((b) => b.bssid));
    const clients = await all(`${M}/clients?limit=1000`);
    const wireless = clients.filter((c) => c.bssid);
    expect(wireless.length).toBeGreaterThan(0);
    for (const c of wireless) expect(bssids.has(c.bssid)).toBe(true);
  });

  it('cluster members are the gateways naming the cluster; swarms group APs by cluster id', async () => {
    const gateways = await all(`${M}/gateways`);
    const cluster = gateways[0]?.clusterName as string;
    const members = await all(`${M}/clusters/${encodeURIComponent(cluster)}/members`);
    expect(members.map((m) => m.serialNumber).sort()).toEqual(
      gateways
        .filter((g) => g.clusterName === cluster)
        .map((g) => g.serialNumber)
        .sort(),
    );
    expect((await api.call(`${M}/clusters/nope/members`)).status).toBe(404);
    const swarms = await all(`${M}/swarms`);
    const aps = await all(`${M}/aps?limit=100`);
    expect(swarms.reduce((n, s) => n + s.membersCount, 0)).toBe(
      aps.filter((a) => a.clusterId).length,
    );
  });

  it('top-N agrees with per-client usage, and the client trend ends at the connected count', async () => {
    const top = await all(`${M}/clients-topn-usage?limit=1000`);
    const usage = new Map(top.map((t) => [t.macAddress, t.usage as number]));
    const clients = await all(`${M}/clients?limit=1000`);
    const byAp = new Map<string, number>();
    for (const c of clients) {
      if (c.status !== 'Connected' || c.connectedDeviceType !== 'AP') continue;
      byAp.set(
        c.connectedDeviceSerial,
        (byAp.get(c.connectedDeviceSerial) ?? 0) + (usage.get(c.macAddress) ?? 0),
      );
    }
    const topAps = await all(`${M}/top-aps-by-usage?limit=100`);
    for (const ap of topAps) expect(ap.totalValue).toBe(byAp.get(ap.serialNumber) ?? 0);
    expect(topAps.map((a) => a.totalValue)).toEqual(
      [...topAps.map((a) => a.totalValue)].sort((a, b) => b - a),
    );
    const trend = await api.get(`${M}/clients-trend`);
    const last = trend.samples.at(-1).data as number[];
    expect((last[0] ?? 0) + (last[1] ?? 0)).toBe(
      clients.filter((c) => c.status === 'Connected').length,
    );
  });

  it("a switch's interfaces carry its clients' ports; a gateway's DHCP leases count its site's clients", async () => {
    const clients = await all(`${M}/clients?limit=1000`);
    const wired = clients.find((c) => c.connectedDeviceType === 'SWITCH' && c.port);
    const ifaces = await all(`${M}/switches/${wired?.connectedDeviceSerial}/interfaces?limit=100`);
    const port = ifaces.find((i) => i.name === wired?.port);
    expect(port).toMatchObject({ operStatus: 'Up', neighbour: expect.any(String) });
    const gw = (await all(`${M}/gateways`))[0];
    const pools = await all(`${M}/gateways/${gw?.serialNumber}/dhcp-pools`);
    const leases = pools.reduce((n, p) => n + p.currentLeases, 0);
    expect(leases).toBe(clients.filter((c) => c.siteId === gw?.siteId && c.vlanId).length);
    const trail = await all(
      `${M}/clients/${encodeURIComponent(clients.find((c) => c.bssid)?.macAddress)}/mobility-trail`,
    );
    expect(trail[0]?.toBssid).toBe(clients.find((c) => c.bssid)?.bssid);
  });
});

describe('catalogue and scope reads', () => {
  it('answers documented empty lists and 404 items, never a route miss', async () => {
    expect(await api.get('/network-services/v1/airmatch-state')).toEqual({
      count: 0,
      id: 'airmatch-state',
      items: [],
      type: 'network-services/airmatch-state',
    });
    expect(
      (await api.call('/network-services/v1/webhooks/00000000-0000-4000-8000-00000000dead')).status,
    ).toBe(404);
    expect(api.fake.calls().at(-1)?.unrouted).toBeUndefined();
  });

  it('scope management: the hierarchy lists the collections, then their sites', async () => {
    const global = await api.get('/network-config/v1/global');
    const collections = await api.get('/network-config/v1/site-collections');
    expect(collections).toMatchObject({ offset: '0', response: { status: 'SUCCESS' } });
    const root = await api.get(`/network-config/v1/hierarchy?id=${global.id}&type=GLOBAL`);
    expect(root.items[0].Hierarchy.map((h: Row) => h.id)).toEqual(
      collections.items.map((c: Row) => c.id),
    );
    const first = collections.items[0];
    const sites = await api.get(`/network-config/v1/hierarchy?id=${first.id}&type=SITE_COLLECTION`);
    expect(sites.items[0].Hierarchy).toHaveLength(Number(first.siteCount));
  });
});
