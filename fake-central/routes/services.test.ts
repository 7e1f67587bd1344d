import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getToken, useTempFake } from '../../test/helpers/temp-bundle.js';
import { loadBundle, resolveBundleDir } from '../fixture-store.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';

const NOW = '2026-03-02T12:00:00Z';
const daysAgo = (d: number): string => new Date(Date.parse(NOW) - d * 86_400_000).toISOString();
const TYPES = ['ACCESS_POINT', 'SWITCH', 'GATEWAY'];

const firmware = Array.from({ length: 45 }, (_, i) => ({
  serialNumber: `SN${String(i).padStart(3, '0')}`,
  id: `SN${String(i).padStart(3, '0')}`,
  deviceName: `dev-${i}`,
  deviceType: TYPES[i % 3],
  siteId: i < 30 ? 's1' : 's2',
  siteName: i < 30 ? 'Site 1' : 'Site 2',
  firmwareVersion: '10.7.1.0',
  recommendedVersion: '10.7.2.0',
  firmwareClassification: 'Bug Fix',
  upgradeStatus: i % 4 === 0 ? 'Up To Date' : 'Upgrade Available',
  lastUpgradedTimeAt: daysAgo(i),
  type: 'network-services/firmware-management',
}));
/** One audit every 4 days, newest first: 30 audits over 120 days. */
const audits = Array.from({ length: 30 }, (_, i) => ({
  id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  auditId: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  action: i % 2 === 0 ? 'Scope mapped' : 'Configuration changed',
  category: 'Configuration',
  subCategory: 'WLAN',
  description: `audit ${i}`,
  source: 'admin@example.com',
  destination: 'Global',
  destinationName: 'Corp',
  ipAddress: '192.0.2.10',
  occurredOn: daysAgo(i * 4 + 1),
  createdAt: daysAgo(i * 4 + 1),
  updatedAt: daysAgo(i * 4 + 1),
  generation: 1,
  type: 'network-services/audit',
}));

const ctx = useTempFake({ 'firmware-details.json': firmware, 'audits.json': audits });

interface Page {
  count: number;
  items: Record<string, unknown>[];
  next?: string | null;
  offset?: number;
  total: number;
}
interface Reply {
  status: number;
  headers: Headers;
  body: Page & Record<string, unknown>;
}

async function api(path: string, base = ctx.fake.url, auth = ctx.token): Promise<Reply> {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Reply['body'] };
}

const S = '/network-services/v1';
const WINDOW = `start-at=${daysAgo(60)}&end-at=${NOW}`;

describe('GET firmware-details', () => {
  it('pages 20 at a time with next until null; total equals what was collected', async () => {
    const first = await api(`${S}/firmware-details`);
    expect(first.body).toMatchObject({ count: 20, next: '2', total: 45 });
    expect(first.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    const seen: unknown[] = [];
    let next: string | null | undefined = '1';
    for (let guard = 0; next && guard < 10; guard++) {
      const page = await api(`${S}/firmware-details?limit=20&next=${next}`);
      seen.push(...page.body.items.map((i) => i.serialNumber));
      next = page.body.next;
    }
    expect(next).toBeNull();
    expect(new Set(seen).size).toBe(45);
    expect(ctx.fake.calls().every((c) => c.kind === 'read')).toBe(true);
  });

  it('filters, sorts, and takes SS’s camelCase serialNumber on v1alpha1', async () => {
    const filter = encodeURIComponent("deviceType eq 'GATEWAY' and siteId eq 's2'");
    const gw = await api(`${S}/firmware-details?filter=${filter}&sort=deviceName%20desc`);
    expect(gw.body.items.map((i) => i.deviceName)).toEqual([
      'dev-44',
      'dev-41',
      'dev-38',
      'dev-35',
      'dev-32',
    ]);
    const one = await api('/network-services/v1alpha1/firmware-details?serialNumber=SN007');
    expect(one.body).toMatchObject({ count: 1, next: null, total: 1 });
    expect(one.body.items[0]).toEqual(firmware[7]);
  });

  it('rejects a bad limit, and unknown parameters when strict', async () => {
    expect((await api(`${S}/firmware-details?limit=1001`)).status).toBe(400);
    const strict = await startFakeCentral({ fixture: ctx.bundleDir });
    try {
      const bad = await api(`${S}/firmware-details?site-id=s1`, strict.url);
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER');
      expect((await api(`${S}/firmware-details?serialNumber=SN001`, strict.url)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('GET audits', () => {
  it.each([
    ['', 'query parameter start-at is required'],
    [`end-at=${NOW}`, 'query parameter start-at is required'],
    [`start-at=${daysAgo(90)}&end-at=${NOW}`, 'less than 90 days'],
    [`start-at=${NOW}&end-at=${daysAgo(1)}`, 'end-at must be later than start-at'],
    [`${WINDOW}&offset=0`, 'offset must be between 1 and'],
    [`${WINDOW}&limit=1001`, 'limit must be between 1 and 1000'],
  ])('answers 400 for %s', async (query, message) => {
    const res = await api(`${S}/audits?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('HPE_GL_NETWORK_SERVICES_INVALID_INPUT');
    expect(String(res.body.message)).toContain(message);
  });

  it('keeps the window, newest first, with offset starting at 1', async () => {
    const res = await api(`${S}/audits?${WINDOW}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['count', 'items', 'offset', 'total']);
    // Audits at 1, 5, … 57 days ago: 15 of them.
    expect(res.body).toMatchObject({ count: 15, offset: 1, total: 15 });
    expect(res.body.items[0]).toEqual(audits[0]);
    expect(res.body.items.at(-1)?.description).toBe('audit 14');
  });

  it('pages by offset until the total is collected', async () => {
    const seen: unknown[] = [];
    let total = Infinity;
    for (let offset = 1; seen.length < total && offset < 100; offset += 4) {
      const page = await api(`${S}/audits?${WINDOW}&limit=4&offset=${offset}`);
      expect(page.body.offset).toBe(offset);
      seen.push(...page.body.items.map((i) => i.id));
      total = page.body.total;
    }
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
    const filtered = await api(
      `${S}/audits?${WINDOW}&filter=${encodeURIComponent("action eq 'Scope mapped'")}`,
    );
    expect(filtered.body.total).toBe(8);
  });

  it('serves one audit at audits/{id} and NW’s singular audit/{id}', async () => {
    const id = audits[3]!.id;
    expect((await api(`${S}/audits/${id}`)).body).toEqual(audits[3]);
    expect((await api(`/network-services/v1alpha1/audit/${id}`)).body).toEqual(audits[3]);
    const missing = await api(`${S}/audits/00000000-0000-4000-8000-999999999999`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('HPE_GL_NETWORK_SERVICES_RESOURCE_NOT_FOUND');
  });
});

describe('site-a bundle', () => {
  const bundle = loadBundle(resolveBundleDir('site-a'));
  const drift = bundle.manifest.stories?.find((s) => s.id === 'firmware-drift')?.facts ?? {};
  const fileFirmware = bundle.files.get('firmware-details.json') as Record<string, unknown>[];
  const fileAudits = bundle.files.get('audits.json') as Record<string, unknown>[];
  const now = Date.parse(bundle.manifest.now);
  let site: FakeCentral;
  let siteToken: string;
  const get = (path: string): Promise<Reply> => api(path, site.url, siteToken);

  beforeAll(async () => {
    site = await startFakeCentral({ fixture: 'site-a' });
    siteToken = await getToken(site.url, site.credentials);
  });
  afterAll(() => site.close());

  it('pages all firmware details and finds the drift story’s devices', async () => {
    const seen: unknown[] = [];
    let next: string | null | undefined = '1';
    for (let guard = 0; next && guard < 20; guard++) {
      const page = await get(`${S}/firmware-details?limit=6&next=${next}`);
      expect(page.body.total).toBe(fileFirmware.length);
      seen.push(...page.body.items.map((i) => i.serialNumber));
      next = page.body.next;
    }
    expect(seen).toHaveLength(fileFirmware.length);
    const filter = encodeURIComponent("upgradeStatus eq 'Upgrade Available'");
    const behind = await get(`${S}/firmware-details?filter=${filter}&limit=100`);
    expect(behind.body.items.map((i) => i.serialNumber).sort()).toEqual(
      [...(drift.nonCompliantSerials as string[])].sort(),
    );
  });

  it('lists the last 89 days of audits, newest first, and serves one by id', async () => {
    const start = new Date(now - 89 * 86_400_000).toISOString();
    const inWindow = fileAudits.filter(
      (a) => Date.parse(String(a.occurredOn)) >= now - 89 * 86_400_000,
    );
    const res = await get(`${S}/audits?start-at=${start}&end-at=${bundle.manifest.now}&limit=1000`);
    expect(res.body).toMatchObject({ count: inWindow.length, offset: 1, total: inWindow.length });
    const times = res.body.items.map((a) => String(a.occurredOn));
    expect(times).toEqual([...times].sort().reverse());
    const first = res.body.items[0]!;
    expect((await get(`${S}/audit/${String(first.id)}`)).body).toEqual(first);
  });
});
