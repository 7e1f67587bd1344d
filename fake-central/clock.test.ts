import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../test/helpers/fake-api.js';

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ fixture: 'site-a' });
});
afterAll(() => api.close());

function events(
  start: Date,
  end: Date,
): Promise<{ total: number; events: { eventIdentifier: string }[] }> {
  const q = new URLSearchParams({
    'context-type': 'SITE',
    'context-identifier': '5563304806',
    'site-id': '5563304806',
    'start-at': start.toISOString(),
    'end-at': end.toISOString(),
    limit: '1000',
  });
  return api.get(`/network-troubleshooting/v1/events?${q.toString()}`);
}

describe('wall-clock windows', () => {
  it('selects the same events for "the last 24 hours" in wall-clock time as in bundle time', async () => {
    const bundleNow = new Date(api.fake.bundle.now);
    const inBundleTime = await events(new Date(bundleNow.getTime() - 86_400_000), bundleNow);
    expect(inBundleTime.total).toBeGreaterThan(0);
    const wallNow = new Date();
    const inWallTime = await events(new Date(wallNow.getTime() - 86_400_000), wallNow);
    expect(inWallTime.events.map((e) => e.eventIdentifier)).toEqual(
      inBundleTime.events.map((e) => e.eventIdentifier),
    );
  });

  it('applies the same translation to audits', async () => {
    const wallNow = new Date();
    const q = new URLSearchParams({
      'start-at': new Date(wallNow.getTime() - 30 * 86_400_000).toISOString(),
      'end-at': wallNow.toISOString(),
    });
    const bundleNow = new Date(api.fake.bundle.now);
    const b = new URLSearchParams({
      'start-at': new Date(bundleNow.getTime() - 30 * 86_400_000).toISOString(),
      'end-at': bundleNow.toISOString(),
    });
    const wall = await api.get(`/network-services/v1/audits?${q.toString()}`);
    expect(wall.total).toBeGreaterThan(0);
    expect(wall.total).toBe((await api.get(`/network-services/v1/audits?${b.toString()}`)).total);
  });
});
