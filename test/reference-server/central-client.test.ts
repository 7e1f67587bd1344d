import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/start-fake-central.js';
import { loadConfig } from '../../examples/reference-server/config.js';
import { CentralApiError } from '../../examples/reference-server/http/api-error.js';
import {
  CentralClient,
  DEFAULT_RETRY,
} from '../../examples/reference-server/http/central-client.js';
import { collectCursor, collectOffset } from '../../examples/reference-server/http/paging.js';
import { SecretRedactor } from '../../examples/reference-server/mask-secrets.js';

let fake: FakeCentral;
const FAST = { ...DEFAULT_RETRY, maxRetryAfterMs: 50, serverErrorDelayMs: 1 };

function client(extra: Record<string, string> = {}, retry = FAST): CentralClient {
  const config = loadConfig({
    CENTRAL_CLIENT_ID: fake.credentials.clientId,
    CENTRAL_CLIENT_SECRET: fake.credentials.clientSecret,
    CENTRAL_BASE_URL: fake.url,
    GREENLAKE_BASE_URL: fake.url,
    CENTRAL_TOKEN_URL: `${fake.url}/as/token.oauth2`,
    ...extra,
  });
  return new CentralClient(config, new SecretRedactor(), undefined, retry);
}

const api = () => fake.calls().filter((c) => c.kind !== 'auth');
const auth = () => fake.calls().filter((c) => c.kind === 'auth');

beforeAll(async () => {
  fake = await startFakeCentral({ fixture: 'site-a' });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.setFaults(null);
});

describe('CentralClient', () => {
  it('fetches one token and reuses it across calls', async () => {
    const c = client();
    await c.get('/network-monitoring/v1/sites-health');
    await c.get('/network-monitoring/v1/devices');
    expect(auth().map((r) => r.path)).toEqual(['/as/token.oauth2']);
    expect(api().map((r) => r.status)).toEqual([200, 200]);
  });

  it('refreshes the token once on 401 and retries the call', async () => {
    fake.setFaults({ faults: [{ kind: 'token_expiry', afterCalls: 1 }] });
    const c = client();
    await c.get('/network-monitoring/v1/sites-health');
    const devices = await c.get<{ total: number }>('/network-monitoring/v1/devices');
    expect(devices.total).toBe(20);
    expect(auth()).toHaveLength(2);
    expect(api().map((r) => `${r.status} ${r.path}`)).toEqual([
      '200 /network-monitoring/v1/sites-health',
      '401 /network-monitoring/v1/devices',
      '200 /network-monitoring/v1/devices',
    ]);
  });

  it('gives up after one refresh when the API keeps refusing the token', async () => {
    fake.setFaults({ faults: [{ kind: 'token_expiry', afterCalls: 0, repeat: true }] });
    await expect(client().get('/network-monitoring/v1/devices')).rejects.toMatchObject({
      status: 401,
      errorCode: 'HPE_GL_ERROR_UNAUTHORIZED',
    });
    expect(api()).toHaveLength(2);
  });

  it('honours Retry-After on 429 and retries at most twice', async () => {
    fake.setFaults({ faults: [{ kind: 'rate_limit', first: 2, retryAfter: 0 }] });
    const body = await client().get<{ total: number }>('/network-monitoring/v1/devices');
    expect(body.total).toBe(20);
    expect(api().map((r) => r.status)).toEqual([429, 429, 200]);

    fake.reset();
    fake.setFaults({ faults: [{ kind: 'rate_limit', retryAfter: 0 }] });
    const error = await client()
      .get('/network-monitoring/v1/devices')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CentralApiError);
    expect((error as CentralApiError).status).toBe(429);
    expect(api()).toHaveLength(3);
  });

  it('caps a long Retry-After', async () => {
    fake.setFaults({ faults: [{ kind: 'rate_limit', first: 1, retryAfter: 60 }] });
    const started = Date.now();
    await client({}, { ...FAST, maxRetryAfterMs: 100 }).get('/network-monitoring/v1/devices');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(api().map((r) => r.status)).toEqual([429, 200]);
  });

  it('retries a GET once on 5xx but never a write', async () => {
    fake.setFaults({ faults: [{ kind: 'server_error', first: 1 }] });
    await client().get('/network-monitoring/v1/devices');
    expect(api().map((r) => r.status)).toEqual([503, 200]);

    fake.reset();
    fake.setFaults({ faults: [{ kind: 'server_error', first: 1 }] });
    await expect(
      client().request({
        method: 'POST',
        path: '/network-config/v1alpha1/config-health/devices-resync',
        body: { serials: ['SGDF2411V6'] },
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(api()).toHaveLength(1);
  });

  it('reports the vendor error code and message', async () => {
    await expect(client().get('/network-monitoring/v1/aps/NOPE')).rejects.toThrow(
      /GET \/network-monitoring\/v1\/aps\/NOPE failed: HTTP 404 HPE_GL_ERROR_NOT_FOUND: .*NOPE/,
    );
  });

  it('reports bad credentials from the token endpoint', async () => {
    const config = loadConfig({
      CENTRAL_CLIENT_ID: 'nobody',
      CENTRAL_CLIENT_SECRET: 'wrong-secret',
      CENTRAL_BASE_URL: fake.url,
      CENTRAL_TOKEN_URL: `${fake.url}/as/token.oauth2`,
    });
    const c = new CentralClient(config, new SecretRedactor());
    await expect(c.get('/network-monitoring/v1/devices')).rejects.toMatchObject({
      status: 401,
      errorCode: 'invalid_client',
    });
    expect(api()).toHaveLength(0);
  });

  it('uses the GreenLake workspace token for GreenLake calls when a workspace is set', async () => {
    const c = client({ GREENLAKE_WORKSPACE_ID: fake.credentials.workspaceId });
    await c.get('/devices/v1/devices', { limit: 1 }, 'greenlake');
    expect(auth().map((r) => r.path)).toEqual([
      `/authorization/v2/oauth2/${fake.credentials.workspaceId}/token`,
    ]);
  });
});

describe('paging', () => {
  it('follows `next` until null with the page size asked for', async () => {
    const found = await collectCursor(client(), {
      path: '/network-monitoring/v1/clients',
      pageSize: 25,
    });
    // 58 connected clients (the API's default filter): pages of 25, 25, 8.
    expect(found.items).toHaveLength(58);
    expect(found.total).toBe(58);
    expect(found.truncated).toBe(false);
    expect(api().map((r) => r.query.next ?? '-')).toEqual(['-', '2', '3']);
  });

  it('stops at maxItems and says so', async () => {
    const found = await collectCursor(client(), {
      path: '/network-monitoring/v1/clients',
      pageSize: 1000,
      maxItems: 10,
    });
    expect(found).toMatchObject({ total: 58, truncated: true });
    expect(found.items).toHaveLength(10);
    expect(api()).toHaveLength(1);
  });

  it('walks offsets until total (audits count from 1)', async () => {
    const found = await collectOffset(client(), {
      path: '/network-services/v1/audits',
      query: { 'start-at': '2026-01-01T00:00:00Z', 'end-at': '2026-03-02T12:00:00Z' },
      pageSize: 10,
      firstOffset: 1,
    });
    expect(found.items.length).toBe(found.total);
    expect(api().map((r) => r.query.offset)).toEqual(
      Array.from({ length: Math.ceil((found.total ?? 0) / 10) }, (_, i) => String(1 + i * 10)),
    );
  });

  it('asks a short cursor page again instead of losing its missing items', async () => {
    fake.setFaults({ faults: [{ kind: 'short_page', first: 2 }] });
    const found = await collectCursor(client(), {
      path: '/network-monitoring/v1/clients',
      pageSize: 25,
    });
    expect(found.items).toHaveLength(58);
    expect(new Set(found.items.map((c) => (c as { macAddress: string }).macAddress)).size).toBe(58);
    // Page 1 cut twice (two retries), then whole; pages 2 and 3 whole.
    expect(api().map((r) => [r.query.next ?? '-', r.shortPage?.served ?? null])).toEqual([
      ['-', 12],
      ['-', 12],
      ['-', null],
      ['2', null],
      ['3', null],
    ]);
  });

  it('notices a short last page from total, and keeps a page that stays short', async () => {
    fake.setFaults({ faults: [{ kind: 'short_page', first: 3, keep: 5 }] });
    const found = await collectCursor(client(), {
      path: '/network-monitoring/v1/clients',
      pageSize: 1000,
    });
    // Three cuts spend the retries: the third short page is kept, and reported as such.
    expect(found.items).toHaveLength(5);
    expect(found.total).toBe(58);
    expect(api()).toHaveLength(3);
  });

  it('continues a short offset page at offset + count, never skipping', async () => {
    fake.setFaults({ faults: [{ kind: 'short_page', first: 1, keep: 3 }] });
    const found = await collectOffset(client(), {
      path: '/network-services/v1/audits',
      query: { 'start-at': '2026-01-01T00:00:00Z', 'end-at': '2026-03-02T12:00:00Z' },
      pageSize: 10,
      firstOffset: 1,
    });
    expect(found.items.length).toBe(found.total);
    expect(found.truncated).toBe(false);
    expect(
      api()
        .map((r) => r.query.offset)
        .slice(0, 2),
    ).toEqual(['1', '4']);
  });
});
