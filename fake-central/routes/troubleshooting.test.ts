import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getToken, useTempFake } from '../../test/helpers/temp-bundle.js';
import { loadBundle, resolveBundleDir } from '../fixture-store.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';

const NOW = '2026-03-02T12:00:00Z';
const ago = (minutes: number): string => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();

const event = (n: number, minutes: number, extra: Record<string, unknown>) => ({
  eventId: String(50 + (n % 3)),
  eventIdentifier: `uuid-${n}`,
  eventName: ['Client Association', 'Client 802.1x Radius Timeout', 'AP Reboot'][n % 3],
  category: n % 3 === 2 ? 'System' : 'Clients',
  description: `event ${n}`,
  reason: 'r',
  severity: 'neutral',
  sourceName: `source-${n}`,
  sourceType: n % 3 === 2 ? 'Access Point' : 'Wireless Client',
  timeAt: ago(minutes),
  serialNumber: 'AP0001',
  clientMacAddress: null,
  deviceMacAddress: null,
  bssid: null,
  stackId: null,
  _siteId: 's1',
  ...extra,
});
/** 12 events at s1 (AP0001; 4 for client …:01), one at s2, one outside the test window. */
const events = [
  ...Array.from({ length: 12 }, (_, n) =>
    event(n, 10 + n * 5, n % 3 === 1 ? { clientMacAddress: 'AA:BB:CC:00:00:01' } : {}),
  ),
  event(12, 15, { _siteId: 's2', serialNumber: 'AP0100' }),
  event(13, 60 * 24 * 3, {}),
];
const ctx = useTempFake({ 'events.json': events });

interface Reply {
  status: number;
  headers: Headers;
  // Response bodies vary per endpoint; the assertions pin their shapes.
  body: Record<string, unknown>;
}

async function api(path: string, base = ctx.fake.url, auth = ctx.token): Promise<Reply> {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Reply['body'] };
}

const T = '/network-troubleshooting/v1';
const window = `start-at=${ago(60 * 24)}&end-at=${NOW}`;
const q = (params: Record<string, string>): string => new URLSearchParams(params).toString();
const eventsOf = (body: Reply['body']): Record<string, unknown>[] =>
  body.events as Record<string, unknown>[];

describe('GET events', () => {
  it('names the first missing required parameter', async () => {
    const res = await api(`${T}/events?context-identifier=s1&end-at=${NOW}`);
    expect(res.status).toBe(400);
    // The events operation's documented 400 code; the first missing parameter is named.
    expect(res.body).toMatchObject({
      errorCode: 'HPE_GL_NETWORK_EVENTS_INVALID_INPUT',
      message: 'Validation errors - context-type is required',
    });
  });

  it.each([
    ['context-type=ROUTER', 'context-type must be one of'],
    [`context-type=SITE&start-at=${NOW}&end-at=${ago(5)}`, 'end-at must be later than start-at'],
    [`context-type=SITE&start-at=${ago(60 * 24 * 30)}&end-at=${NOW}`, 'less than 30 days'],
    ['context-type=SITE&start-at=yesterday', 'start-at must be an RFC 3339 timestamp'],
    ['context-type=SITE&limit=1001', 'limit must be between 1 and 1000'],
  ])('rejects %s', async (query, message) => {
    const params = new URLSearchParams(`context-identifier=s1&site-id=s1&${window}`);
    for (const [k, v] of new URLSearchParams(query)) params.set(k, v);
    const res = await api(`${T}/events?${params.toString()}`);
    expect(res.status).toBe(400);
    expect(String(res.body.message)).toContain(message);
  });

  it('lists a site in its time window, newest first, under `events`', async () => {
    const res = await api(
      `${T}/events?context-type=SITE&context-identifier=s1&site-id=s1&${window}`,
    );
    expect(res.status).toBe(200);
    // EventListV1 makes `next` optional: the last page carries none (SPEC.md §5).
    expect(Object.keys(res.body).sort()).toEqual(['count', 'events', 'total']);
    expect(res.body).toMatchObject({ count: 12, total: 12 });
    const list = eventsOf(res.body);
    expect(list.map((e) => e.eventIdentifier)).toEqual(
      events.slice(0, 12).map((e) => e.eventIdentifier),
    );
    expect(Object.keys(list[0]!).some((k) => k.startsWith('_'))).toBe(false);
    expect(ctx.fake.calls().map((c) => c.kind)).toEqual(['read']);
  });

  it('matches devices by serial and clients by MAC in any spelling, on v1alpha1 too', async () => {
    const base = { 'site-id': 's1', 'start-at': ago(60 * 24), 'end-at': NOW };
    const ap = await api(
      `${T}/events?${q({ ...base, 'context-type': 'ACCESS_POINT', 'context-identifier': 'ap0001' })}`,
    );
    expect(ap.body.total).toBe(12);
    const client = await api(
      `/network-troubleshooting/v1alpha1/events?${q({ ...base, 'context-type': 'WIRELESS_CLIENT', 'context-identifier': 'aa-bb-cc-00-00-01' })}`,
    );
    expect(eventsOf(client.body).map((e) => e.eventIdentifier)).toEqual([
      'uuid-1',
      'uuid-4',
      'uuid-7',
      'uuid-10',
    ]);
    const other = await api(
      `${T}/events?${q({ ...base, 'context-type': 'SWITCH', 'context-identifier': 'CX0001' })}`,
    );
    expect(other.body).toEqual({ count: 0, events: [], total: 0 });
  });

  it('pages with next until null, filters, searches and sorts ascending on request', async () => {
    const scope = `context-type=SITE&context-identifier=s1&site-id=s1&${window}`;
    const seen: unknown[] = [];
    let next: string | null = '1';
    for (let guard = 0; next !== null && guard < 10; guard++) {
      const res = await api(`${T}/events?${scope}&limit=5&next=${next}`);
      seen.push(...eventsOf(res.body).map((e) => e.eventIdentifier));
      expect(res.body.total).toBe(12);
      next = (res.body.next as string | undefined) ?? null;
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    const filtered = await api(
      `${T}/events?${scope}&filter=${encodeURIComponent("eventId in ('50', '52')")}&sort=timeAt%20asc`,
    );
    expect(eventsOf(filtered.body).map((e) => e.eventId)).toEqual([
      '52',
      '50',
      '52',
      '50',
      '52',
      '50',
      '52',
      '50',
    ]);
    expect(eventsOf(filtered.body)[0]!.timeAt).toBe(ago(65));
    const found = await api(`${T}/events?${scope}&search=radius`);
    expect(found.body.total).toBe(4);
  });

  it('aggregates event-filters with string eventIds, as the events list carries them', async () => {
    const res = await api(
      `${T}/event-filters?context-type=SITE&context-identifier=s1&site-id=s1&${window}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      categories: [
        { category: 'Clients', count: 8 },
        { category: 'System', count: 4 },
      ],
      eventNames: [
        { eventId: '50', eventName: 'Client Association', count: 4 },
        { eventId: '51', eventName: 'Client 802.1x Radius Timeout', count: 4 },
        { eventId: '52', eventName: 'AP Reboot', count: 4 },
      ],
      sourceTypes: [
        { sourceType: 'Wireless Client', count: 8 },
        { sourceType: 'Access Point', count: 4 },
      ],
    });
    expect((await api(`${T}/event-filters?context-type=SITE`)).status).toBe(400);
  });
});

describe('site-a bundle', () => {
  const bundle = loadBundle(resolveBundleDir('site-a'));
  const facts = bundle.manifest.stories?.find((s) => s.id === 'client-8021x-fail')?.facts ?? {};
  const mac = facts.clientMac as string;
  const siteId = facts.siteId as string;
  const fileEvents = bundle.files.get('events.json') as Record<string, unknown>[];
  const expected = fileEvents.filter(
    (e) => String(e.clientMacAddress).toLowerCase() === mac && e._siteId === siteId,
  );
  let site: FakeCentral;
  let siteToken: string;

  beforeAll(async () => {
    site = await startFakeCentral({ fixture: 'site-a' });
    siteToken = await getToken(site.url, site.credentials);
  });
  afterAll(() => site.close());

  it('finds the 802.1X story’s events by client MAC (upper case, dashes)', async () => {
    const params = q({
      'context-type': 'WIRELESS_CLIENT',
      'context-identifier': mac.toUpperCase().replaceAll(':', '-'),
      'site-id': siteId,
      'start-at': ago(60 * 24),
      'end-at': bundle.manifest.now,
    });
    const res = await api(`${T}/events?${params}`, site.url, siteToken);
    expect(res.status).toBe(200);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.total).toBe(expected.length);
    const names = eventsOf(res.body).map((e) => e.eventName);
    expect(names).toContain(facts.eventName);
    const times = eventsOf(res.body).map((e) => String(e.timeAt));
    expect(times).toEqual([...times].sort().reverse());

    const filters = await api(`${T}/event-filters?${params}`, site.url, siteToken);
    const categories = filters.body.categories as { count: number }[];
    expect(categories.reduce((n, c) => n + c.count, 0)).toBe(expected.length);
  });

  it("serves a client's events under its connection's context type only", async () => {
    // printer-sfo-2f is wired: asked for as a wireless client (the wrong type), it has no events
    const printer = { 'context-identifier': '64:51:06:b2:7c:10', 'site-id': siteId };
    const window = { 'start-at': ago(60 * 24), 'end-at': bundle.manifest.now };
    const wired = await api(
      `${T}/events?${q({ ...printer, ...window, 'context-type': 'WIRED_CLIENT' })}`,
      site.url,
      siteToken,
    );
    expect(eventsOf(wired.body).map((e) => e.reason)).toEqual(['Link up on port 1/1/14']);
    const asWireless = await api(
      `${T}/events?${q({ ...printer, ...window, 'context-type': 'WIRELESS_CLIENT' })}`,
      site.url,
      siteToken,
    );
    expect(asWireless.body).toEqual({ count: 0, events: [], total: 0 });
    const jsmith = { 'context-identifier': mac, 'site-id': siteId, ...window };
    const asWired = await api(
      `${T}/events?${q({ ...jsmith, 'context-type': 'WIRED_CLIENT' })}`,
      site.url,
      siteToken,
    );
    expect(asWired.body.total).toBe(0);
  });
});
