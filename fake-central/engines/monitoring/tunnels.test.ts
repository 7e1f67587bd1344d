import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// Tunnels between the gateways and APs the bundle has; every list and summary counts the same.
const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1';

type Row = Record<string, any>;

describe('tunnels', () => {
  it('each AP holds one GRE tunnel to its site gateway, Down when the AP is offline', async () => {
    const aps = (await api.get(`${M}/aps?limit=100`)).items as Row[];
    const gateways = (await api.get(`${M}/gateways`)).items as Row[];
    for (const ap of aps) {
      const gw = gateways.find((g) => g.siteId === ap.siteId);
      const tunnels = (await api.get(`${M}/aps/${ap.serialNumber}/tunnels`)).items as Row[];
      expect(tunnels.map((t) => [t.destinationName, t.encapsulationType])).toEqual([
        [gw?.deviceName, 'GRE'],
      ]);
      expect(tunnels[0]?.status).toBe(ap.status === 'ONLINE' ? 'Up' : 'Down');
      const one = await api.get(`${M}/aps/${ap.serialNumber}/tunnels/${tunnels[0]?.tunnelId}`);
      expect(one).toEqual(tunnels[0]);
    }
  });

  it('gateway, cluster and summary answers agree with the AP tunnels', async () => {
    const aps = (await api.get(`${M}/aps?limit=100`)).items as Row[];
    const gateways = (await api.get(`${M}/gateways`)).items as Row[];
    let wan = 0;
    for (const gw of gateways) {
      const rows = (await api.get(`${M}/gateways/${gw.serialNumber}/tunnels`)).items as Row[];
      const lan = rows.filter((t) => t.tunnelType === 'LAN');
      const mine = aps.filter((a) => a.siteId === gw.siteId);
      expect(lan.map((t) => t.macAddress).sort()).toEqual(mine.map((a) => a.macAddress).sort());
      const down = mine.filter((a) => a.status !== 'ONLINE').length;
      expect(lan.filter((t) => t.status === 'Down')).toHaveLength(down);
      const lanSummary = await api.get(
        `${M}/gateways/${gw.serialNumber}/lan-tunnels-health-summary`,
      );
      expect(lanSummary.tunnelHealth).toEqual({ fair: 0, good: mine.length - down, poor: down });
      const wanRows = rows.filter((t) => t.tunnelType === 'WAN');
      wan += wanRows.length;
      const wanSummary = await api.get(
        `${M}/gateways/${gw.serialNumber}/wan-tunnels-health-summary`,
      );
      expect(wanSummary.tunnelHealth.good + wanSummary.tunnelHealth.poor).toBe(wanRows.length);
      const one = await api.get(`${M}/gateways/${gw.serialNumber}/tunnels/${rows[0]?.tunnelName}`);
      expect(one).toEqual(rows[0]);

      const cluster = encodeURIComponent(gw.clusterName);
      const clusterRows = (await api.get(`${M}/clusters/${cluster}/tunnels`)).items as Row[];
      expect(clusterRows).toHaveLength(lan.length);
      const status = await api.get(`${M}/clusters/${cluster}/tunnels-status-summary`);
      expect([status.up, status.down]).toEqual([mine.length - down, down]);
      const health = await api.get(`${M}/clusters/${cluster}/tunnels-health-summary`);
      expect(health.tunnelHealth).toEqual(lanSummary.tunnelHealth);
    }
    // Every gateway but the hub has one WAN tunnel, and the hub sees each: two ends each.
    expect(wan).toBe(2 * (gateways.length - 1));
  });
});
