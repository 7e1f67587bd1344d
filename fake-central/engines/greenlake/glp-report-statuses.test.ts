import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const siteA = useFakeApi({ fixture: 'site-a' });
const campusB = useFakeApi({ fixture: 'campus-b' });
const S = '/reporting/v1/statuses';
const REPORTS = `filter=${encodeURIComponent('type eq "REPORT"')}`;

type Row = Record<string, any>;

describe('GreenLake report statuses', () => {
  it('lists each verified user’s three inventory exports, newest first, 10 to a page', async () => {
    const page = await siteA.get(`${S}?${REPORTS}&limit=100`);
    // site-a: 3 verified users (the unverified one exported nothing) × 3 report types.
    expect(page).toMatchObject({ count: 9, offset: 0, limit: 100 });
    const rows = page.items as Row[];
    expect(new Set(rows.map((r) => r.userName))).toEqual(
      new Set(['dana.reyes@example.com', 'marco.silva@example.com', 'priya.patel@example.com']),
    );
    const starts = rows.map((r) => r.startTime);
    expect(starts).toEqual([...starts].sort().reverse());
    // The description counts what the bundle holds: site-a's 20 GreenLake devices.
    const devices = (await siteA.get('/devices/v1/devices?limit=100')).total;
    const inventory = rows.find((r) => r.reportType === 'DEVICE_INVENTORY');
    expect(inventory?.description).toContain(`(${devices} devices)`);
    // Older than seven days: expired, with no download.
    for (const r of rows) {
      const age = Date.parse('2026-03-02T12:00:00Z') - Date.parse(r.statusTimestamp);
      expect(r.isExpired).toBe(String(age > 7 * 86_400_000));
      expect(r.reportDownloadUrl === '').toBe(r.isExpired === 'true');
    }
    const first = await campusB.get(`${S}?${REPORTS}`);
    expect(first).toMatchObject({ count: 10, limit: 10, total: 15 });
    expect(await campusB.get(`${S}?${REPORTS}&offset=10`)).toMatchObject({ count: 5 });
  });

  it('narrows by the filter, reads one by id, and 404s an unknown id', async () => {
    const mine = (
      await siteA.get(
        `${S}?filter=${encodeURIComponent("userName eq 'marco.silva@example.com' and reportType eq 'AUDIT_LOG'")}`,
      )
    ).items as Row[];
    expect(mine).toHaveLength(1);
    expect(await siteA.get(`${S}/${mine[0]?.id}`)).toEqual(mine[0]);
    expect((await siteA.call(`${S}/3fa85f64-5717-4562-b3fc-2c963f66afa6`)).status).toBe(404);
  });

  it('refuses a list without the filter the document requires', async () => {
    const res = await siteA.call(S);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('filter');
  });
});
