import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../test/helpers/temp-bundle.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';

let fake: FakeCentral;
beforeAll(async () => {
  fake = await startFakeCentral({ fixture: 'site-a', control: true });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const C = '/network-config/v1alpha1';

async function control(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${fake.control?.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${fake.control?.token}`, ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** A request with the token and a Host header / target of our choosing (fetch fixes both). */
function rawGet(
  base: string,
  target: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path: target,
        headers: { authorization: `Bearer ${fake.control?.token}`, ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const token = await getToken(fake.url, fake.credentials);
  return fetch(`${fake.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

describe('the control API (startFakeCentral({ control: true }))', () => {
  it('serves on its own loopback port with a random token', async () => {
    expect(fake.control?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(fake.control?.url).not.toBe(fake.url);
    expect(fake.control?.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const other = await startFakeCentral({ fixture: 'site-a', control: true });
    expect(other.control?.token).not.toBe(fake.control?.token);
    await other.close();
    const plain = await startFakeCentral({ fixture: 'site-a' });
    expect(plain.control).toBeUndefined();
    await plain.close();
  });

  it('GET /_fake/info says how to reach the fake', async () => {
    const { status, body } = await control('GET', '/_fake/info');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      url: fake.url,
      proxy: fake.proxyUrl,
      caCertPath: fake.caCertPath,
      clientId: fake.credentials.clientId,
      workspaceId: fake.credentials.workspaceId,
      bundle: { id: 'site-a' },
      env: fake.serverEnv(),
    });
    expect(JSON.stringify(body)).not.toContain(fake.control?.token);
  });

  it('GET /_fake/calls filters by since, method, endpoint pattern and kind', async () => {
    await api('/network-monitoring/v1/clients?limit=2');
    await api('/network-monitoring/v1/aps?limit=2');
    const all = (await control('GET', '/_fake/calls')).body;
    expect(all.calls.map((c: any) => `${c.kind} ${c.path}`)).toEqual([
      'auth /as/token.oauth2',
      'read /network-monitoring/v1/clients',
      'auth /as/token.oauth2',
      'read /network-monitoring/v1/aps',
    ]);
    expect(all.lastSeq).toBe(4);
    const since = (await control('GET', '/_fake/calls?since=2')).body.calls;
    expect(since.map((c: any) => c.seq)).toEqual([3, 4]);
    const pattern = encodeURIComponent('GET /network-monitoring/v1/{clients,switches}');
    const matched = (await control('GET', `/_fake/calls?path=${pattern}`)).body.calls;
    expect(matched.map((c: any) => c.path)).toEqual(['/network-monitoring/v1/clients']);
    const auth = (await control('GET', '/_fake/calls?kind=auth&method=post')).body.calls;
    expect(auth).toHaveLength(2);
  });

  it('rejects a bad filter with the matcher’s message and hint', async () => {
    const bad = await control('GET', `/_fake/calls?path=${encodeURIComponent('get /x')}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      httpStatusCode: 400,
      errorCode: 'FAKE_CONTROL_BAD_QUERY',
      message: 'path: bad endpoint pattern "get /x": method "get" must be upper case',
      hint: 'write GET',
    });
    expect((await control('GET', '/_fake/calls?since=-1')).status).toBe(400);
    expect((await control('GET', '/_fake/calls?kind=reads')).body.hint).toContain('read');
  });

  it('reports state changes, checks assertions, and resets', async () => {
    expect(
      (await api(`${C}/wlan-ssids/Guest`, { method: 'PATCH', body: { enable: false } })).status,
    ).toBe(200);
    const state = (await control('GET', '/_fake/state')).body;
    expect(state.bundle.id).toBe('site-a');
    expect(state.changes).toEqual([
      expect.objectContaining({
        collection: 'wlan-ssids',
        item: 'ssid=Guest',
        change: 'modified',
        fields: ['enable'],
      }),
    ]);
    expect(state.changes[0].before.enable).toBe(true);
    expect(state.changes[0].after.enable).toBe(false);
    const ok = await control('POST', '/_fake/state/check', {
      assertions: [
        { collection: 'wlan-ssids', where: { 'essid.name': 'Guest' }, fields: { enable: false } },
      ],
    });
    expect(ok.body).toEqual({ passed: true, failures: [], collateral: [] });
    const bad = await control('POST', '/_fake/state/check', {
      assertions: [{ collection: 'wlan-ssids', where: { 'essid.name': 'IoT' }, unchanged: true }],
    });
    expect(bad.body.passed).toBe(false);
    expect(bad.body.collateral).toEqual([
      {
        collection: 'wlan-ssids',
        item: 'ssid=Guest',
        change: 'modified',
        fields: ['enable'],
      },
    ]);
    const reset = await control('POST', '/_fake/reset');
    expect(reset.body).toMatchObject({ reset: true, bundle: { id: 'site-a' } });
    expect((await control('GET', '/_fake/state')).body.changes).toEqual([]);
    expect((await control('GET', '/_fake/calls')).body.calls).toEqual([]);
  });

  it('says why a check did not pass, and checks new items with added and fields together', async () => {
    const created = await api(`${C}/wlan-ssids/Lab`, {
      method: 'POST',
      body: { enable: true, opmode: 'WPA3_SAE' },
    });
    expect(created.status).toBe(200);
    // A new item asserted with `fields` alone: the addition is collateral, and the summary
    // says so and how to assert it (it used to be passed: false with no failure at all).
    const fieldsOnly = await control('POST', '/_fake/state/check', {
      assertions: [{ collection: 'wlan-ssids', where: { ssid: 'Lab' }, fields: { enable: true } }],
    });
    expect(fieldsOnly.body).toMatchObject({ passed: false, failures: [] });
    expect(fieldsOnly.body.summary).toContain('wlan-ssids ssid=Lab added');
    expect(fieldsOnly.body.summary).toContain('assert a new item with `added: N`');
    const both = { collection: 'wlan-ssids', where: { ssid: 'Lab' }, added: 1 };
    expect(
      (
        await control('POST', '/_fake/state/check', {
          assertions: [{ ...both, fields: { opmode: 'WPA3_SAE' } }],
        })
      ).body,
    ).toEqual({ passed: true, failures: [], collateral: [] });
    const wrong = await control('POST', '/_fake/state/check', {
      assertions: [{ ...both, fields: { opmode: 'OPEN' } }],
    });
    expect(wrong.body.failures).toEqual([
      '#0 wlan-ssids: opmode is "WPA3_SAE", expected "OPEN" where {"ssid":"Lab"}',
    ]);
    expect(wrong.body.summary).toContain('1 assertion(s) do not hold');
    const mixed = await control('POST', '/_fake/state/check', {
      assertions: [{ collection: 'wlan-ssids', count: 4, fields: { enable: true } }],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('/assertions/0: fields and count cannot be combined');
  });

  it('POST /_fake/reset {"fixture"} switches bundles, and a bad name says which exist', async () => {
    const switched = await control('POST', '/_fake/reset', { fixture: 'campus-b' });
    expect(switched.body.bundle.id).toBe('campus-b');
    expect(fake.bundle.id).toBe('campus-b');
    const info = (await control('GET', '/_fake/info')).body;
    expect(info.clientId).toBe(fake.credentials.clientId);
    const bad = await control('POST', '/_fake/reset', { fixture: 'campus-z' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errorCode: 'FAKE_CONTROL_BAD_FIXTURE',
      message: 'Unknown fixture bundle "campus-z"',
    });
    expect(bad.body.hint).toContain('campus-b, site-a');
    expect((await control('POST', '/_fake/reset', { fixture: 3 })).status).toBe(400);
    await control('POST', '/_fake/reset');
    expect(fake.bundle.id).toBe('site-a');
  }, 60_000);

  it('PUT /_fake/faults sets a plan the next calls feel, and null clears it', async () => {
    const plan = { faults: [{ kind: 'rate_limit', first: 1, retryAfter: 2 }] };
    expect((await control('PUT', '/_fake/faults', plan)).body).toEqual({ faults: plan });
    const limited = await api('/network-monitoring/v1/clients');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await control('PUT', '/_fake/faults', 'null')).body).toEqual({ faults: null });
    expect((await api('/network-monitoring/v1/clients')).status).toBe(200);
    const bad = await control('PUT', '/_fake/faults', { faults: [{ kind: 'rate-limit' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('FAKE_CONTROL_BAD_FAULT_PLAN');
    expect(bad.body.hint).toContain('rate_limit');
    expect((await control('PUT', '/_fake/faults', '{"faults": [')).body.errorCode).toBe(
      'FAKE_CONTROL_BAD_BODY',
    );
  });

  it('refuses a missing or wrong token, a foreign Host and unknown endpoints', async () => {
    const url = fake.control?.url ?? '';
    const none = await fetch(`${url}/_fake/info`);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ errorCode: 'FAKE_CONTROL_UNAUTHORIZED' });
    const wrong = await control('GET', '/_fake/info', undefined, { authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    const rebound = await rawGet(url, '/_fake/info', { host: 'evil.example' });
    expect(rebound.status).toBe(403);
    expect(rebound.body.hint).toContain('without a proxy');
    const proxied = await rawGet(url, `${url}/_fake/info`, {});
    expect(proxied.status).toBe(403);
    expect(proxied.body.errorCode).toBe('FAKE_CONTROL_FORBIDDEN');
    const missing = await control('GET', '/_fake/nothing');
    expect(missing.status).toBe(404);
    expect(missing.body.hint).toContain('GET /_fake/calls');
    expect((await control('DELETE', '/_fake/calls')).body.hint).toBe('use GET /_fake/calls');
  });

  it('is not served on the API port, nor through its proxy', async () => {
    const onApi = await fetch(`${fake.url}/_fake/info`, {
      headers: { authorization: `Bearer ${fake.control?.token}` },
    });
    expect(onApi.status).not.toBe(200);
    expect(JSON.stringify(await onApi.json())).not.toContain(fake.credentials.clientSecret);
  });
});

describe('world edits over the control API', () => {
  const AP = { serialNumber: 'TESTAP0001', deviceType: 'AP', siteId: '5563304806' };

  it('seeds through POST /_fake/seed and POST /_fake/reset, and refuses a bad seed as BAD_SEED', async () => {
    const seeded = await control('POST', '/_fake/seed', { devices: [AP] });
    expect(seeded.status).toBe(200);
    expect(seeded.body.seeded).toMatchObject({ 'aps.json': 1, 'device-inventory.json': 1 });
    expect((await api('/network-monitoring/v1/aps/TESTAP0001')).status).toBe(200);

    const reset = await control('POST', '/_fake/reset', {
      seed: { devices: [{ ...AP, serialNumber: 'TESTAP0002' }] },
    });
    expect(reset.body).toMatchObject({ reset: true, seeded: { 'aps.json': 1 } });
    expect((await api('/network-monitoring/v1/aps/TESTAP0001')).status).toBe(404);
    expect((await api('/network-monitoring/v1/aps/TESTAP0002')).status).toBe(200);

    const bad = await control('POST', '/_fake/reset', {
      seed: { devices: [{ ...AP, sitId: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errorCode: 'FAKE_CONTROL_BAD_SEED',
      message: 'seed devices[0]: unknown key "sitId"',
    });
    expect((await control('GET', '/_fake/state')).body.seeded).toMatchObject({ 'aps.json': 1 });
    const empty = await control('POST', '/_fake/seed');
    expect(empty).toMatchObject({ status: 400, body: { errorCode: 'FAKE_CONTROL_BAD_BODY' } });
  });

  it('refuses a reset body key it does not know instead of ignoring it', async () => {
    const typo = await control('POST', '/_fake/reset', { fixtrue: 'campus-b' });
    expect(typo.status).toBe(400);
    expect(typo.body.errorCode).toBe('FAKE_CONTROL_BAD_BODY');
    expect(fake.bundle.id).toBe('site-a');
  });
});
