import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken, TEMP_CREDENTIALS, useTempFake } from '../../test/helpers/temp-bundle.js';
import { loadBundle, resolveBundleDir } from '../fixture-store.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';

const NOW = '2026-03-02T12:00:00Z';
const uuid = (kind: number, n: number): string =>
  `0000000${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;

const devices = Array.from({ length: 12 }, (_, i) => ({
  id: uuid(1, i),
  serialNumber: `GLP${String(i).padStart(3, '0')}`,
  partNumber: 'R4W02A',
  type: 'devices/device',
  deviceType: i < 8 ? 'AP' : 'SWITCH',
  deviceName: `dev-${i}`,
  macAddress: `aa:bb:cc:00:01:${String(i).padStart(2, '0')}`,
  model: i < 8 ? 'AP-635' : '6300M',
  region: i < 6 ? 'us-west' : null,
  assignedState: i < 6 ? 'ASSIGNED_TO_SERVICE' : 'UNASSIGNED',
  application:
    i < 6 ? { id: uuid(9, 1), resourceUri: '/service-catalog/v1/service-managers/x' } : null,
  subscription: [],
  tags: i % 2 === 0 ? { floor: '1' } : { floor: '2' },
  archived: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}));
const subscriptions = Array.from({ length: 3 }, (_, i) => ({
  id: uuid(2, i),
  key: `KEY${i}`,
  sku: 'R3J18AAE',
  subscriptionType: 'CENTRAL_AP',
  subscriptionStatus: 'STARTED',
  tier: 'FOUNDATION_AP',
  quantity: 10,
  availableQuantity: 10,
  startTime: '2026-01-01T00:00:00Z',
  endTime: '2027-01-01T00:00:00Z',
  type: 'subscriptions/subscription',
}));
const users = Array.from({ length: 7 }, (_, i) => ({
  id: uuid(3, i),
  username: `user${i}@example.com`,
  firstName: `First${i}`,
  lastName: 'Last',
  userStatus: i === 6 ? 'UNVERIFIED' : 'VERIFIED',
  type: 'identity/user',
}));
const workspace = { id: TEMP_CREDENTIALS.workspaceId, workspaceName: 'Acme', type: 'workspace' };

const ctx = useTempFake({
  'glp-devices.json': devices,
  'glp-subscriptions.json': subscriptions,
  'glp-users.json': users,
  'glp-workspace.json': workspace,
});

type Obj = Record<string, unknown>;
interface Reply {
  status: number;
  headers: Headers;
  // Bodies differ per endpoint; the assertions pin their shapes.
  body: Obj & { items: Obj[]; total: number; transactionId: string };
}

async function api(
  path: string,
  init: { method?: string; body?: unknown; base?: string; token?: string } = {},
): Promise<Reply> {
  const res = await fetch(`${init.base ?? ctx.fake.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.token ?? ctx.token}`,
      'content-type': 'application/merge-patch+json',
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Reply['body'] };
}

const D = '/devices/v1/devices';
const patch = (query: string, body: unknown): Promise<Reply> =>
  api(`${D}?${query}`, { method: 'PATCH', body });
const device = async (i: number): Promise<Obj> => (await api(`${D}/${uuid(1, i)}`)).body;
const badRequest = (subject: string, source = 'query.parameter') => ({
  httpStatusCode: 400,
  errorCode: 'HPE_GL_ERROR_BAD_REQUEST',
  message: 'Bad Request',
  errorDetails: [
    {
      type: 'hpe.greenlake.bad_request',
      issues: [expect.objectContaining({ source, subject }) as unknown],
    },
  ],
});

describe('GET devices', () => {
  it('answers the GLP envelope on v1, v1beta1 and v2beta1', async () => {
    for (const version of ['v1', 'v1beta1', 'v2beta1']) {
      const res = await api(`/devices/${version}/devices`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['count', 'items', 'offset', 'total']);
      expect(res.body).toMatchObject({ count: 12, offset: 0, total: 12 });
    }
    expect(ctx.fake.calls().map((c) => c.kind)).toEqual(['read', 'read', 'read']);
  });

  it('pages by offset until total is collected, with filter, filter-tags and select', async () => {
    const seen: unknown[] = [];
    for (let offset = 0, total = 1; seen.length < total && offset < 50; offset += 5) {
      const page = await api(`${D}?limit=5&offset=${offset}`);
      expect(page.body.offset).toBe(offset);
      seen.push(...page.body.items.map((d) => d.id));
      total = page.body.total;
    }
    expect(new Set(seen).size).toBe(12);
    const one = await api(`${D}?filter=${encodeURIComponent("serialNumber eq 'GLP003'")}`);
    expect(one.body.items).toEqual([devices[3]]);
    const floor = await api(
      `${D}?filter=${encodeURIComponent("deviceType eq 'SWITCH'")}&filter-tags=${encodeURIComponent("'floor' eq '2'")}&select=serialNumber,deviceName`,
    );
    expect(floor.body.items).toEqual([
      { serialNumber: 'GLP009', deviceName: 'dev-9' },
      { serialNumber: 'GLP011', deviceName: 'dev-11' },
    ]);
  });

  it('answers 400 and 404 in the GLP error shape', async () => {
    const limit = await api(`${D}?limit=2001`);
    expect(limit.status).toBe(400);
    expect(limit.body).toMatchObject(badRequest('limit'));
    expect(
      (await api(`${D}?filter=${encodeURIComponent('serialNumber has x')}`)).body,
    ).toMatchObject(badRequest('filter'));
    const missing = await api(`${D}/${uuid(1, 99)}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      httpStatusCode: 404,
      errorCode: 'HPE_GL_DM_DEVICE_ID_NOT_FOUND',
      errorDetails: [
        {
          type: 'hpe.greenlake.metadata',
          source: 'hpe.greenlake.devicemanagement',
          metadata: { id: `ResourceId [${uuid(1, 99)}] not found` },
        },
      ],
    });
  });
});

describe('PATCH devices', () => {
  it('assigns an application: 202 + Location, the change reads back, the operation SUCCEEDED', async () => {
    const app = uuid(9, 2);
    const res = await patch(`id=${uuid(1, 7)}&id=${uuid(1, 8)}`, {
      application: { id: app },
      region: 'eu-central',
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      code: 202,
      status: '202 ACCEPTED',
      transactionId: expect.any(String),
    });
    expect(res.headers.get('location')).toBe(
      `/devices/v1/async-operations/${res.body.transactionId}`,
    );
    expect(await device(7)).toMatchObject({
      application: { id: app, resourceUri: `/service-catalog/v1/service-managers/${app}` },
      region: 'eu-central',
      assignedState: 'ASSIGNED_TO_SERVICE',
      updatedAt: NOW,
    });
    const op = await api(res.headers.get('location') ?? '');
    expect(op.body).toEqual({
      id: res.body.transactionId,
      type: 'devices/asyncOperation',
      status: 'SUCCEEDED',
      progressPercent: 100,
      resultType: 'PatchDeviceResponse',
      result: {
        succeededDevices: [{ id: uuid(1, 7) }, { id: uuid(1, 8) }],
        failedDevices: [],
      },
      startedAt: NOW,
      endedAt: NOW,
      suggestedPollingIntervalSeconds: 2,
      timeoutMinutes: 10,
    });
    expect(ctx.fake.calls().map((c) => c.kind)).toEqual(['write', 'read', 'poll']);
  });

  it('unassigns, applies subscriptions, and merges v2beta1 tags', async () => {
    await patch(`id=${uuid(1, 0)}`, { application: { id: null }, region: null });
    expect(await device(0)).toMatchObject({
      application: null,
      region: null,
      assignedState: 'UNASSIGNED',
    });
    await patch(`id=${uuid(1, 1)}`, { subscription: [{ id: uuid(2, 1) }] });
    expect((await device(1)).subscription).toEqual([
      {
        id: uuid(2, 1),
        key: 'KEY1',
        tier: 'FOUNDATION_AP',
        startTime: '2026-01-01T00:00:00Z',
        endTime: '2027-01-01T00:00:00Z',
        resourceUri: `/subscriptions/v1/subscriptions/${uuid(2, 1)}`,
      },
    ]);
    const v2 = await api(`/devices/v2beta1/devices?id=${uuid(1, 2)}`, {
      method: 'PATCH',
      body: { tags: { floor: null, zone: 'east' } },
    });
    expect(v2.status).toBe(202);
    expect((await device(2)).tags).toEqual({ zone: 'east' });
  });

  it('fails the operation for an unknown subscription and changes nothing', async () => {
    const res = await patch(`id=${uuid(1, 1)}`, { subscription: [{ id: 'nope' }] });
    expect(res.status).toBe(202);
    const op = await api(res.headers.get('location') ?? '');
    expect(op.body).toMatchObject({
      status: 'FAILED',
      error: { message: 'Subscription not found: nope' },
      result: { succeededDevices: [], failedDevices: [{ id: uuid(1, 1) }] },
    });
    expect((await device(1)).subscription).toEqual([]);
  });

  it.each([
    ['', { region: 'x' }, 'id'],
    [Array.from({ length: 6 }, (_, i) => `id=${uuid(1, i)}`).join('&'), { region: 'x' }, 'id'],
    ['id=GLP001', { region: 'x' }, 'id'],
  ])('rejects ids %s with 400', async (query, body, subject) => {
    const res = await patch(query, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(badRequest(subject));
  });

  it.each([
    [{ application: { id: uuid(9, 2) }, subscription: [] }, 'subscription'],
    [{ serialNumber: 'X' }, 'serialNumber'],
    [{ subscription: 'KEY1' }, 'subscription'],
    [['not', 'an', 'object'], 'body'],
  ])('rejects body %j with 400', async (body, subject) => {
    const res = await patch(`id=${uuid(1, 0)}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(badRequest(subject, 'body'));
    expect(await device(0)).toEqual(devices[0]);
  });

  it('answers 404 for an unknown device, and changes nothing on dry-run', async () => {
    expect((await patch(`id=${uuid(1, 99)}`, { region: 'x' })).status).toBe(404);
    expect((await patch(`id=${uuid(1, 3)}&dry-run=true`, { region: 'x' })).status).toBe(202);
    expect((await device(3)).region).toBe('us-west');
  });

  it('answers RUNNING for asyncRunningPolls polls, and 404 for an unknown operation', async () => {
    const slow = await startFakeCentral({ fixture: ctx.bundleDir, asyncRunningPolls: 1 });
    try {
      const res = await api(`${D}?id=${uuid(1, 3)}`, {
        method: 'PATCH',
        body: { region: 'x' },
        base: slow.url,
      });
      const location = res.headers.get('location') ?? '';
      const first = await api(location, { base: slow.url });
      expect(first.body).toMatchObject({
        status: 'RUNNING',
        progressPercent: 50,
        result: {},
        endedAt: null,
      });
      expect((await api(location, { base: slow.url })).body.status).toBe('SUCCEEDED');
    } finally {
      await slow.close();
    }
    const unknown = await api(`/devices/v1/async-operations/${uuid(8, 99)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorDetails).toBeDefined();
  });

  it('changes nothing when a task fault fails the operation', async () => {
    ctx.fake.setFaults({ faults: [{ kind: 'task_failed', reason: 'injected failure' }] });
    try {
      const res = await patch(`id=${uuid(1, 4)}`, { region: 'ap-south' });
      expect(res.status).toBe(202);
      const op = await api(res.headers.get('location') ?? '');
      expect(op.body).toMatchObject({
        status: 'FAILED',
        error: { message: 'injected failure' },
        result: {
          succeededDevices: [],
          failedDevices: [{ id: uuid(1, 4), reason: 'injected failure' }],
        },
      });
      expect(await device(4)).toEqual(devices[4]);
    } finally {
      ctx.fake.setFaults(null);
    }
  });

  it('reset() restores the devices', async () => {
    await patch(`id=${uuid(1, 4)}`, { region: 'ap-south' });
    ctx.fake.reset();
    expect(await device(4)).toEqual(devices[4]);
  });
});

describe('subscriptions, users, workspace', () => {
  it('serves subscriptions (limit ≤ 200) and one by id', async () => {
    const list = await api('/subscriptions/v1/subscriptions');
    expect(list.body).toMatchObject({ count: 3, offset: 0, total: 3 });
    expect((await api(`/subscriptions/v1/subscriptions/${uuid(2, 2)}`)).body).toEqual(
      subscriptions[2],
    );
    expect((await api('/subscriptions/v1/subscriptions?limit=201')).body).toMatchObject(
      badRequest('limit'),
    );
    const missing = await api('/subscriptions/v1/subscriptions/nope');
    expect(missing.body.errorCode).toBe('HPE_GL_DM_SUBSCRIPTION_ID_NOT_FOUND');
  });

  it('serves users by offset (limit ≤ 600) with a filter', async () => {
    const page = await api('/identity/v1/users?limit=3&offset=6');
    expect(page.body).toMatchObject({ count: 1, offset: 6, total: 7 });
    expect((await api('/identity/v1/users?limit=601')).status).toBe(400);
    const unverified = await api(
      `/identity/v1/users?filter=${encodeURIComponent("userStatus eq 'UNVERIFIED'")}`,
    );
    expect(unverified.body.items).toEqual([users[6]]);
    expect((await api(`/identity/v1/users/${uuid(3, 1)}`)).body).toEqual(users[1]);
  });

  it('serves the workspace by id, with a GLP token too', async () => {
    const glp = await fetch(
      `${ctx.fake.url}/authorization/v2/oauth2/${TEMP_CREDENTIALS.workspaceId}/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: TEMP_CREDENTIALS.clientId,
          client_secret: TEMP_CREDENTIALS.clientSecret,
        }),
      },
    );
    const { access_token } = (await glp.json()) as { access_token: string };
    const res = await fetch(
      `${ctx.fake.url}/workspaces/v1/workspaces/${TEMP_CREDENTIALS.workspaceId}`,
      {
        headers: { authorization: `Bearer ${access_token}` },
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(workspace);
    expect((await api(`/workspaces/v1/workspaces/${uuid(8, 98)}`)).status).toBe(404);
  });
});

describe('site-a bundle', () => {
  const bundle = loadBundle(resolveBundleDir('site-a'));
  const expiring =
    bundle.manifest.stories?.find((s) => s.id === 'glp-subscription-expiring')?.facts ?? {};
  const fileDevices = bundle.files.get('glp-devices.json') as Obj[];
  const fileSubs = bundle.files.get('glp-subscriptions.json') as Obj[];
  let site: FakeCentral;
  let siteToken: string;
  const call = (path: string, init: { method?: string; body?: unknown } = {}): Promise<Reply> =>
    api(path, { ...init, base: site.url, token: siteToken });

  beforeAll(async () => {
    site = await startFakeCentral({ fixture: 'site-a' });
    siteToken = await getToken(site.url, site.credentials);
  });
  afterAll(() => site.close());
  beforeEach(() => site.reset());

  it('pages every device and narrows by filter-tags', async () => {
    const seen: unknown[] = [];
    for (let offset = 0, total = 1; seen.length < total && offset < 100; offset += 7) {
      const page = await call(`${D}?limit=7&offset=${offset}`);
      seen.push(...page.body.items.map((d) => d.serialNumber));
      total = page.body.total;
    }
    expect(seen.sort()).toEqual(fileDevices.map((d) => d.serialNumber).sort());
    const tagged = fileDevices.filter((d) => (d.tags as Obj | null)?.site === 'OAK-Warehouse');
    const res = await call(`${D}?filter-tags=${encodeURIComponent("site eq 'OAK-Warehouse'")}`);
    expect(res.body.total).toBe(tagged.length);
  });

  it('moves an AP off the expiring subscription; the read-back shows the new key', async () => {
    const key = expiring.subscriptionKey as string;
    const found = await call(
      `/subscriptions/v1/subscriptions?filter=${encodeURIComponent(`key eq '${key}'`)}`,
    );
    expect(found.body.items[0]).toMatchObject({ key, endTime: expiring.endTime });
    const other =
      fileSubs.find((s) => s.key !== key && s.subscriptionType === 'CENTRAL_AP') ??
      fileSubs.find((s) => s.key !== key);
    const ap = fileDevices.find((d) => d.deviceType === 'AP')!;
    const res = await call(`${D}?id=${String(ap.id)}`, {
      method: 'PATCH',
      body: { subscription: [{ id: other?.id }] },
    });
    expect(res.status).toBe(202);
    expect((await call(res.headers.get('location') ?? '')).body.status).toBe('SUCCEEDED');
    const after = await call(`${D}/${String(ap.id)}`);
    expect(after.body.subscription).toEqual([
      expect.objectContaining({ id: other?.id, key: other?.key }),
    ]);
    expect(
      site
        .calls()
        .filter((c) => c.kind !== 'auth')
        .map((c) => c.kind),
    ).toEqual(['read', 'write', 'poll', 'read']);
  });

  it('serves the users and the bundle’s workspace', async () => {
    const users = await call('/identity/v1/users');
    expect(users.body.total).toBe((bundle.files.get('glp-users.json') as Obj[]).length);
    const ws = await call(`/workspaces/v1/workspaces/${site.credentials.workspaceId}`);
    expect(ws.body).toEqual(bundle.files.get('glp-workspace.json'));
  });
});
