import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// Alert configs, insights and report KPI widgets, derived from the bundle's alerts, clients,
// devices and reports.
const api = useFakeApi({ fixture: 'site-a' });
const N = '/network-notifications/v1';

type Row = Record<string, any>;

describe('notification and reporting catalogue', () => {
  it('alert configs: one system rule per alert type the alerts list raises, paged by next', async () => {
    const alerts = (await api.get(`${N}/alerts?limit=100`)).items as Row[];
    const types = [...new Set(alerts.map((a) => a.typeId as string))].sort();
    const first = await api.get(`${N}/alert-config?scope-id=tenant&limit=5`);
    expect(first.total).toBe(types.length);
    const rest = await api.get(`${N}/alert-config?scope-id=tenant&limit=100&next=5`);
    const all = [...first.items, ...rest.items] as Row[];
    expect(all.map((c) => c.name)).toEqual(types);
    for (const config of all) {
      const alert = alerts.find((a) => a.typeId === config.name);
      expect(config).toMatchObject({ label: alert?.name, category: alert?.category });
    }
    const site = await api.get(`${N}/alert-config?scope-id=5563304806&scope-type=SITE&limit=1`);
    expect(site.items[0]).toMatchObject({ inherited: true, scopeType: 'SITE' });
  });

  it('insights name the sites with failed clients and offline devices, with their counts', async () => {
    const all = (await api.get(`${N}/insights`)).items as Row[];
    const failed = (
      await api.get(
        `/network-monitoring/v1/clients?filter=${encodeURIComponent("status eq 'Failed'")}`,
      )
    ).items as Row[];
    const onboarding = all.filter((i) => i.insightId === 'client-onboarding-failures');
    expect(
      onboarding.map((i) => i.impactedSites[0].impactedClientCount).reduce((a, b) => a + b, 0),
    ).toBe(failed.length);
    const offline = (
      await api.get(
        `/network-monitoring/v1/devices?filter=${encodeURIComponent("status eq 'OFFLINE'")}`,
      )
    ).items as Row[];
    const down = all.filter((i) => i.insightId === 'devices-offline');
    expect(down.map((i) => i.siteId).sort()).toEqual(
      [...new Set(offline.map((d) => d.siteId))].sort(),
    );
    const one = await api.get(
      `${N}/insights?site-id=${down[0]?.siteId}&insight-id=devices-offline`,
    );
    expect(one.items).toEqual([down[0]]);
  });

  it('reports-meta lists the KPI widgets of the report types the reports use', async () => {
    const reports = (await api.get('/network-reporting/v1/reports')).items as Row[];
    const meta = await api.get('/network-reporting/v1/reports-meta');
    expect(meta.kpiWidgets.length).toBeGreaterThan(0);
    expect([...new Set((meta.kpiWidgets as Row[]).map((w) => w.reportType))]).toEqual([
      ...new Set(reports.map((r) => r.reportType)),
    ]);
  });
});
