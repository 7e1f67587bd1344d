import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// Client onboarding stages and mobility trails, from the world's clients and events.
const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1';
const WINDOW = 'start-at=2026-03-01T00:00:00Z&end-at=2026-03-02T12:00:00Z';

type Row = Record<string, any>;
// The bundle's event log, as the generator wrote it (the events API needs a context per call).
const events = JSON.parse(
  readFileSync(new URL('../../../fixtures/central/site-a/events.json', import.meta.url), 'utf8'),
) as Row[];

describe('client onboarding by stage', () => {
  it('puts each failed client at the stage of its failure events, with their reason', async () => {
    const failed = (
      await api.get(`${M}/clients?filter=${encodeURIComponent("status eq 'Failed'")}`)
    ).items as Row[];
    expect(failed.length).toBeGreaterThan(0);
    const count = await api.get(
      `${M}/client-onboarding-stage/count?${WINDOW}&status=FAILED&field=topclients`,
    );
    const rows = count.items[0].data as Row[];
    expect(rows.map((r) => r.value).sort()).toEqual(failed.map((c) => c.clientName).sort());
    const reasons = await api.get(`${M}/client-onboarding-stage/reasons?${WINDOW}`);
    for (const row of rows) {
      const client = failed.find((c) => c.clientName === row.value);
      const mine = events.filter(
        (e) => e.clientMacAddress === client?.macAddress && e.severity === 'negative',
      );
      const stageReasons = (reasons.items as Row[]).find((i) => i.type === row.stage)?.reasons;
      expect(stageReasons).toContain(mine[0]?.reason);
    }
  });

  it('agrees with the onboarding score and the export, stage by stage', async () => {
    const score = await api.get(`${M}/client-onboarding-score`);
    const exported = await api.get(`${M}/client-onboarding-stage/export?${WINDOW}`);
    for (const stage of score.items as Row[]) {
      const row = (exported.items as Row[]).find((i) => i.type === stage.stage)?.data[0];
      expect(`${row.success}/${row.attempts}`).toBe(stage.score);
      const failures = await api.get(
        `${M}/client-onboarding-stage/count?${WINDOW}&status=FAILED&stage=${stage.stage}&field=topclients`,
      );
      const failedHere = (failures.items[0].data as Row[]).reduce((n, r) => n + r.count, 0);
      expect(failedHere).toBe(Number(row.failures));
    }
    expect(exported.overallSuccessScore).toBe(score.overallScore);
  });
});

describe('mobility trail', () => {
  it('lists every association the events log, on the bundle clock, ending at the client’s BSSID', async () => {
    const manifest = JSON.parse(
      readFileSync(
        new URL('../../../fixtures/central/site-a/manifest.json', import.meta.url),
        'utf8',
      ),
    ) as Row;
    const now = Date.parse(manifest.now);
    const clients = (
      await api.get(`${M}/clients?filter=${encodeURIComponent("status ne 'x'")}&limit=100`)
    ).items as Row[];
    for (const client of clients.filter((c) => c.clientConnectionType === 'Wireless')) {
      const trail = (await api.get(`${M}/clients/${client.macAddress}/mobility-trail`))
        .items as Row[];
      expect(trail.length).toBeGreaterThan(0);
      for (const hop of trail) {
        const at = Date.parse(hop.occurredAt);
        expect(at).toBeLessThanOrEqual(now);
        expect(at).toBeGreaterThan(now - 30 * 86_400_000);
      }
      expect(trail.at(-1)?.toBssid).toBe(client.bssid);
      const logged = events.filter(
        (e) =>
          e.clientMacAddress === client.macAddress && e.eventName === 'Client Association Success',
      );
      if (logged.length > 0)
        expect(trail.map((h) => h.occurredAt).sort()).toEqual(logged.map((e) => e.timeAt).sort());
    }
  });
});
