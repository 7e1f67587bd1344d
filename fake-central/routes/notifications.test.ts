import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getToken, useTempFake } from '../../test/helpers/temp-bundle.js';
import { loadBundle, resolveBundleDir } from '../fixture-store.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';

const SEVERITIES = ['Warning', 'Critical', 'Minor', 'Major'];
const PRIORITIES = ['Low', 'Very High', 'Medium', 'High', 'Very Low'];
/** 25 alerts, newest first, over two sites; every fifth one is already Cleared. */
const alerts = Array.from({ length: 25 }, (_, i) => ({
  id: `alert-${i}`,
  key: `2207:${1000 + i}`,
  name: `Alert ${i}`,
  summary: `Summary ${i}`,
  category: i % 2 === 0 ? 'WLAN' : 'System',
  severity: SEVERITIES[i % 4],
  priority: PRIORITIES[i % 5],
  status: i % 5 === 4 ? 'Cleared' : 'Active',
  deviceType: 'Access Point',
  type: 'network-notifications/alerts',
  typeId: String(100 + (i % 3)),
  createdAt: new Date(Date.parse('2026-03-02T11:00:00Z') - i * 60_000).toISOString(),
  updatedAt: '2026-03-02T11:00:00.000Z',
  updatedBy: null,
  clearedReason: i % 5 === 4 ? 'Problem was resolved' : null,
  _siteId: i < 15 ? 's1' : 's2',
  _serialNumber: `SN${i}`,
}));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ctx = useTempFake({ 'alerts.json': alerts });

interface Alert {
  key: string;
  status: string;
  severity: string;
  priority: string;
  [field: string]: unknown;
}
interface AlertPage {
  count: number;
  items: Alert[];
  /** Absent on the last page (getAlertListV1 makes it optional). */
  next?: string;
  total: number;
}
interface Accepted {
  location: string;
  response: string;
  taskId: string;
}
interface ErrorBody {
  httpStatusCode: number;
  errorCode: string;
  message: string;
  debugId: string;
}
interface Reply<T> {
  status: number;
  headers: Headers;
  body: T;
}

async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown; base?: string; token?: string } = {},
): Promise<Reply<T>> {
  const res = await fetch(`${init.base ?? ctx.fake.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token ?? ctx.token}`,
      'content-type': 'application/json',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

const A = '/network-notifications/v1/alerts';
const post = (action: string, body: unknown): Promise<Reply<Accepted>> =>
  api<Accepted>(`${A}/${action}`, { method: 'POST', body });
const page = (query: string): Promise<Reply<AlertPage>> => api<AlertPage>(`${A}?${query}`);
const alertByKey = async (key: string): Promise<Alert | undefined> =>
  (await page('limit=100')).body.items.find((a) => a.key === key);

describe('GET alerts', () => {
  it('pages 20 at a time, newest first, without fixture internals', async () => {
    const res = await api<AlertPage>(A);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(res.headers.get('x-ratelimit-reset')).toBe('2026-03-02T13:00:00Z');
    expect(res.body).toMatchObject({ count: 20, next: '2', total: 25 });
    expect(res.body.items[0]!.key).toBe('2207:1000');
    expect(Object.keys(res.body.items[0]!).some((k) => k.startsWith('_'))).toBe(false);
    expect(Object.keys(res.body.items[0]!).sort()).toEqual(
      Object.keys(alerts[0]!)
        .filter((k) => !k.startsWith('_'))
        .sort(),
    );
    expect(ctx.fake.calls().map((c) => c.kind)).toEqual(['read']);
  });

  it('paginates with next until null, and total equals what was collected', async () => {
    const seen: string[] = [];
    let next: string | null = '1';
    let total = -1;
    for (let guard = 0; next !== null && guard < 10; guard++) {
      const got = await page(`limit=7&next=${next}`);
      seen.push(...got.body.items.map((a) => a.key));
      expect(got.body.count).toBe(got.body.items.length);
      next = got.body.next ?? null;
      total = got.body.total;
    }
    expect(next).toBeNull();
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(25);
  });

  it('filters on siteId (a fixture internal) and status, and narrows by site-id when lenient', async () => {
    const s2 = await api<AlertPage>(
      `${A}?filter=${encodeURIComponent("siteId eq 's2'")}&limit=100`,
    );
    expect(s2.body.total).toBe(10);
    const lenient = await startFakeCentral({ fixture: ctx.bundleDir, validation: 'lenient' });
    try {
      const bySite = await api<AlertPage>(
        `${A}?site-id=s2&filter=${encodeURIComponent("status eq 'Cleared'")}`,
        { base: lenient.url },
      );
      expect(bySite.body.items.map((a) => a.key)).toEqual(['2207:1019', '2207:1024']);
    } finally {
      await lenient.close();
    }
  });

  it('sorts severity and priority by rank, not alphabetically', async () => {
    const bySeverity = await api<AlertPage>(`${A}?sort=severity%20DESC&limit=100`);
    const severities: string[] = bySeverity.body.items.map((a) => a.severity);
    expect(severities.indexOf('Warning')).toBeGreaterThan(severities.lastIndexOf('Minor'));
    expect(severities[0]).toBe('Critical');
    const byPriority = await api<AlertPage>(`${A}?sort=priority%20asc&limit=100`);
    expect(byPriority.body.items[0]!.priority).toBe('Very Low');
    expect(byPriority.body.items.at(-1)!.priority).toBe('Very High');
  });

  it('answers 400 in the notifications style for a bad limit or filter', async () => {
    for (const query of ['limit=101', 'limit=0', `filter=${encodeURIComponent('status or x')}`]) {
      const res = await api(`${A}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        httpStatusCode: 400,
        errorCode: 'HPE_GL_NETWORK_NOTIFICATIONS_BAD_REQUEST',
      });
      expect(res.body.debugId).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('rejects unknown query parameters, site-id included (the document declares none)', async () => {
    const bad = await api(`${A}?end=now`);
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER');
    expect(bad.body.message).toBe('Unknown query parameter: end');
    expect((await api(`${A}?site-id=s1&limit=5`)).status).toBe(400);
    expect((await api(`${A}?limit=5`)).status).toBe(200);
  });
});

describe('alert actions', () => {
  it('clear answers 202 with Location and taskId, and reads see the change', async () => {
    const res = await post('clear', { keys: ['2207:1000', '2207:1001'], reason: 'False Positive' });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(['location', 'response', 'taskId']);
    expect(res.body.response).toBe('Request accepted');
    expect(res.body.taskId).toMatch(UUID);
    expect(res.body.location).toBe(`${A}/async-operations/${res.body.taskId}`);
    expect(res.headers.get('location')).toBe(res.body.location);
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    const cleared = await alertByKey('2207:1000');
    expect(cleared).toMatchObject({
      status: 'Cleared',
      clearedReason: 'False Positive',
      updatedAt: '2026-03-02T12:00:00Z',
    });
    const active = await api<AlertPage>(
      `${A}?filter=${encodeURIComponent("status eq 'Active'")}&limit=100`,
    );
    expect(active.body.total).toBe(18);

    const poll = await api(res.body.location);
    expect(poll.status).toBe(200);
    expect(poll.body).toEqual({
      id: res.body.taskId,
      type: 'network-notifications/alert-action-status',
      state: 'SUCCEEDED',
      progressPercent: 100,
      startedAt: '2026-03-02T12:00:00Z',
      endedAt: '2026-03-02T12:00:00Z',
      sourceResourceUri: `${A}/clear`,
      logMessages: [
        { message: 'Alert 2207:1000: clear applied', timestamp: '2026-03-02T12:00:00Z' },
        { message: 'Alert 2207:1001: clear applied', timestamp: '2026-03-02T12:00:00Z' },
      ],
      error: null,
    });
    expect(ctx.fake.calls().map((c) => c.kind)).toEqual(['write', 'read', 'read', 'poll']);
  });

  it('defer, active and priority change status and priority', async () => {
    expect(
      (await post('defer', { keys: ['2207:1002'], deferUntil: '2026-03-05T00:00:00Z' })).status,
    ).toBe(202);
    expect(await alertByKey('2207:1002')).toMatchObject({ status: 'Deferred' });
    expect((await post('active', { keys: ['2207:1004'] })).status).toBe(202);
    expect(await alertByKey('2207:1004')).toMatchObject({ status: 'Active', clearedReason: null });
    expect((await post('priority', { keys: ['2207:1003'], priority: 'Very Low' })).status).toBe(
      202,
    );
    expect(await alertByKey('2207:1003')).toMatchObject({ priority: 'Very Low' });
  });

  it.each([
    ['clear', {}, 'keys is required'],
    ['clear', { keys: [] }, 'keys is required'],
    ['clear', { keys: [1] }, '/keys/0 must be string (got integer)'],
    ['clear', { keys: ['2207:1000'], reason: 'Because' }, 'reason must be one of'],
    ['defer', { keys: ['2207:1000'] }, 'deferUntil is required'],
    ['defer', { keys: ['2207:1000'], deferUntil: 'tomorrow' }, 'deferUntil is not a date-time'],
    ['defer', { keys: ['2207:1000'], deferUntil: '2026-03-01T00:00:00Z' }, 'in the future'],
    ['priority', { keys: ['2207:1000'] }, 'priority is required'],
    ['priority', { keys: ['2207:1000'], priority: 'Urgent' }, 'priority must be one of'],
    ['active', ['2207:1000'], 'request body must be object (got array)'],
  ])('%s with %j answers 400 and changes nothing', async (action, body, message) => {
    const res = await api<ErrorBody>(`${A}/${action}`, { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('HPE_GL_NETWORK_NOTIFICATIONS_BAD_REQUEST');
    expect(res.body.message).toContain(message);
    expect(await alertByKey('2207:1000')).toMatchObject({ status: 'Active', priority: 'Low' });
  });

  it('reports unknown keys as a FAILED task and applies the known ones', async () => {
    const none = await post('clear', { keys: ['nope:1'] });
    expect(none.status).toBe(202);
    const failed = await api(none.body.location);
    expect(failed.body).toMatchObject({
      state: 'FAILED',
      logMessages: [],
      error: {
        code: 'HPE_GL_ERROR_OPERATION_FAILED',
        message: 'Alert key(s) not found: nope:1',
        details: 'Alert ID not found',
      },
    });
    const some = await post('clear', { keys: ['nope:1', '2207:1005'] });
    expect((await api(some.body.location)).body.state).toBe('SUCCEEDED');
    expect(await alertByKey('2207:1005')).toMatchObject({ status: 'Cleared' });
  });

  it('answers 404 for an unknown task', async () => {
    const res = await api(`${A}/async-operations/not-a-task`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      errorCode: 'HPE_GL_NETWORK_NOTIFICATIONS_NOT_FOUND',
      message: 'Async operation task not found: not-a-task',
    });
    expect(ctx.fake.calls()[0]?.kind).toBe('poll');
  });

  it('answers IN_PROGRESS for asyncRunningPolls polls, then SUCCEEDED', async () => {
    const slow = await startFakeCentral({ fixture: ctx.bundleDir, asyncRunningPolls: 2 });
    try {
      const res = await api<Accepted>(`${A}/clear`, {
        method: 'POST',
        body: { keys: ['2207:1000'] },
        base: slow.url,
      });
      const states = [];
      for (let i = 0; i < 3; i++) {
        const poll = await api(res.body.location, { base: slow.url });
        states.push([poll.body.state, poll.body.progressPercent, poll.body.endedAt]);
      }
      expect(states).toEqual([
        ['IN_PROGRESS', 33, null],
        ['IN_PROGRESS', 66, null],
        ['SUCCEEDED', 100, '2026-03-02T12:00:00Z'],
      ]);
    } finally {
      await slow.close();
    }
  });

  it('follows task faults: a failed task changes nothing, polls carry the fault mark', async () => {
    ctx.fake.setFaults({ faults: [{ kind: 'task_failed', reason: 'injected failure' }] });
    try {
      const res = await post('clear', { keys: ['2207:1000'] });
      expect(res.status).toBe(202);
      const poll = await api(res.body.location);
      expect(poll.body).toMatchObject({
        state: 'FAILED',
        logMessages: [],
        error: { code: 'HPE_GL_ERROR_OPERATION_FAILED', message: 'injected failure' },
      });
      expect(await alertByKey('2207:1000')).toMatchObject({ status: 'Active' });
      expect(ctx.fake.calls()[1]).toMatchObject({ kind: 'poll', fault: 'task_failed' });
    } finally {
      ctx.fake.setFaults(null);
    }
  });

  it('reset() restores the alerts and replays the same task ids', async () => {
    const first = await post('clear', { keys: ['2207:1000'] });
    ctx.fake.reset();
    expect(await alertByKey('2207:1000')).toMatchObject({ status: 'Active' });
    expect((await api(first.body.location)).status).toBe(404);
    const again = await post('clear', { keys: ['2207:1000'] });
    expect(again.body.taskId).toBe(first.body.taskId);
  });
});

describe('site-a bundle', () => {
  const bundle = loadBundle(resolveBundleDir('site-a'));
  const fileAlerts = bundle.files.get('alerts.json') as Alert[];
  const story = (id: string): Record<string, unknown> =>
    bundle.manifest.stories?.find((s) => s.id === id)?.facts ?? {};
  let site: FakeCentral;
  let siteToken: string;
  const get = <T>(path: string): Promise<Reply<T>> =>
    api<T>(path, { base: site.url, token: siteToken });

  beforeAll(async () => {
    site = await startFakeCentral({ fixture: 'site-a' });
    siteToken = await getToken(site.url, site.credentials);
  });
  afterAll(() => site.close());

  it('pages every alert at the default limit; total equals the bundle', async () => {
    const seen: string[] = [];
    let next: string | null = '1';
    for (let guard = 0; next !== null && guard < 20; guard++) {
      const got: Reply<AlertPage> = await get<AlertPage>(`${A}?next=${next}`);
      expect(got.body.total).toBe(fileAlerts.length);
      seen.push(...got.body.items.map((a) => String(a.id)));
      next = got.body.next ?? null;
    }
    expect(seen.sort()).toEqual(fileAlerts.map((a) => String(a.id)).sort());
  });

  it('clears the story’s critical alert by id, and the active-critical view drops it', async () => {
    const ids = story('alerts-overview').activeCriticalIds as string[];
    const critical = `${A}?filter=${encodeURIComponent("severity eq 'Critical' and status eq 'Active'")}`;
    expect((await get<AlertPage>(critical)).body.items.map((a) => a.id)).toEqual(ids);
    const res = await api<Accepted>(`${A}/clear`, {
      method: 'POST',
      body: { keys: ids, reason: 'Problem was resolved' },
      base: site.url,
      token: siteToken,
    });
    expect(res.status).toBe(202);
    expect((await get<{ state: string }>(res.body.location)).body.state).toBe('SUCCEEDED');
    expect((await get<AlertPage>(critical)).body.total).toBe(0);
    site.reset();
    expect((await get<AlertPage>(critical)).body.total).toBe(ids.length);
  });
});
