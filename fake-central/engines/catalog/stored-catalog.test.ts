import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';
import { getToken } from '../../../test/helpers/temp-bundle.js';

// Webhooks, notification rules, reports and NAC files as the generator seeds them for site-a,
// read through a real fake: every cross-reference must land on a record the bundle has.
const api = useFakeApi({ fixture: 'site-a' });
const C = '/network-config/v1alpha1';

async function raw(path: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${api.fake.url}${path}`, {
    headers: { authorization: `Bearer ${await getToken(api.fake.url, api.fake.credentials)}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe('stored catalogue families', () => {
  it('the notification rule sends the Critical alert types to a webhook that exists', async () => {
    const rules = await api.get('/network-notifications/v1/notification-rules');
    expect(rules).toMatchObject({ count: 1, offset: 0, total: 1 });
    const rule = await api.get(`/network-notifications/v1/notification-rules/${rules.items[0].id}`);
    const alerts = await api.get('/network-notifications/v1/alerts?limit=100');
    const critical = [
      ...new Set(
        (alerts.items as { severity: string; name: string }[])
          .filter((a) => a.severity === 'Critical')
          .map((a) => a.name),
      ),
    ].sort();
    expect(rule.source.alerts.alertNames).toEqual(critical);
    // The list view counts the names instead of listing them.
    expect(rules.items[0].source.alerts).toEqual({
      enabled: true,
      minAlertSeverity: 'CRITICAL',
      alertCount: critical.length,
    });
    const [hook] = rule.destination.webhook.webhookIds;
    const webhook = await api.get(`/network-services/v1/webhooks/${hook}`);
    expect(webhook).toMatchObject({ authMechanism: 'OIDC', name: 'noc-ticketing' });
    expect(
      (await api.call('/network-services/v1/webhooks/00000000-0000-4000-8000-00000000dead')).status,
    ).toBe(404);
  });

  it('the weekly report has four runs, consecutive weeks ending at its last run', async () => {
    const reports = await api.get('/network-reporting/v1/reports');
    const [report] = reports.items;
    expect(await api.get(`/network-reporting/v1/reports/${report.id}`)).toEqual(report);
    const runs = await api.get(`/network-reporting/v1/reports/${report.id}/report-runs`);
    expect(runs.report).toEqual(report);
    expect(runs.items).toHaveLength(report.reportSchedule.completedRuns);
    expect(runs.items[0].toTs).toBe(report.reportSchedule.lastRunTs);
    for (let i = 1; i < runs.items.length; i += 1) {
      expect(runs.items[i].toTs).toBe(runs.items[i - 1].fromTs);
    }
    expect(Date.parse(report.reportSchedule.lastRunTs)).toBeLessThanOrEqual(
      Date.parse('2026-03-02T12:00:00Z'),
    );
  });

  it('the import job lists registrations that exist; the skin logo downloads as PNG', async () => {
    const jobs = await api.get(`${C}/cnac-job`);
    const [job] = jobs.items;
    expect(job).not.toHaveProperty('_macs');
    expect((await api.get(`${C}/cnac-job/${job.id}/status`)).items).toEqual([job]);
    const input = (await raw(`${C}/cnac-job/${job.id}/input`)).bytes
      .toString()
      .trim()
      .split('\r\n');
    expect(input).toHaveLength(job.successCount + 1);
    const regs = await api.get(`${C}/cnac-mac-reg`);
    const macs = (regs.items as { macAddress: string }[]).map((r) => r.macAddress);
    for (const row of input.slice(1)) expect(macs).toContain(row.split(',')[0]);
    const result = (await raw(`${C}/cnac-job/${job.id}`)).bytes.toString();
    expect(result.split('\r\n')[1]).toMatch(/,SUCCESS$/);

    const [portal] = (await api.get(`${C}/portals`)).portal;
    const skin = await api.get(`${C}/skins/${portal.skin}`);
    const meta = await api.get(`${C}/cnac-image/${skin['brand-image']}`);
    expect(meta.items[0].referencedBy).toEqual([skin['skin-id']]);
    const png = await raw(`${C}/cnac-image/download/${skin['brand-image']}`);
    expect(png.type).toBe('image/png');
    expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(png.bytes.length).toBe(meta.items[0].fileSize);
  });
});
