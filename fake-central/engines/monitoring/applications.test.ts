import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// Applications per site: the connected clients' bytes, split over the applications they use.
const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1';
const WINDOW = 'start-at=2026-03-02T09:00:00Z&end-at=2026-03-02T12:00:00Z&limit=1000';

type Row = Record<string, any>;

describe('applications', () => {
  it('add up, per site and per client, to the usage the client lists report', async () => {
    const sites = (await api.get(`${M}/sites-health`)).items as Row[];
    for (const site of sites) {
      const apps = (await api.get(`${M}/applications?site-id=${site.id}&${WINDOW}`)).items as Row[];
      expect(apps.length).toBeGreaterThan(0);
      const bytes = apps.reduce((n, a) => n + a.txBytes + a.rxBytes, 0);
      const top = (await api.get(`${M}/clients-topn-usage?site-id=${site.id}&limit=100`))
        .items as Row[];
      const usage = top.reduce((n, c) => n + c.usage, 0);
      // Each client's split is floored per application: at most one byte short per pair.
      expect(usage - bytes).toBeGreaterThanOrEqual(0);
      expect(usage - bytes).toBeLessThanOrEqual(top.length * apps.length);
      const [first] = top;
      const mine = (
        await api.get(
          `${M}/applications?site-id=${site.id}&client-id=${first?.macAddress}&${WINDOW}`,
        )
      ).items as Row[];
      const own = mine.reduce((n, a) => n + a.txBytes + a.rxBytes, 0);
      expect(first!.usage - own).toBeLessThanOrEqual(apps.length);
    }
  });
});
