import { describe, expect, it } from 'vitest';
import { getToken, TEMP_CREDENTIALS, useTempFake } from '../test/helpers/temp-bundle.js';
import { startFakeCentral } from './start-fake-central.js';

const clients = Array.from({ length: 5 }, (_, i) => ({
  id: `AA:BB:CC:00:00:0${i}`,
  macAddress: `AA:BB:CC:00:00:0${i}`,
  status: i === 4 ? 'Failed' : 'Connected',
  siteId: 's1',
}));
const wlanSsids = [{ ssid: 'Corp', enable: true, opmode: 'WPA2_ENTERPRISE' }];

const ctx = useTempFake({ 'clients.json': clients, 'wlan-ssids.json': wlanSsids });

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${ctx.fake.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${ctx.token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
}

describe('token endpoints', () => {
  it('issues the same token for form and HTTP Basic credentials', async () => {
    const basic = Buffer.from(
      `${TEMP_CREDENTIALS.clientId}:${TEMP_CREDENTIALS.clientSecret}`,
    ).toString('base64');
    const res = await fetch(`${ctx.fake.url}/as/token.oauth2`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      access_token: ctx.token,
      token_type: 'Bearer',
      expires_in: 7200,
    });
  });

  it('issues GLP workspace tokens that last 900 s and also work on Central', async () => {
    const res = await fetch(
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
    const body = (await res.json()) as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(900);
    const clientsRes = await fetch(`${ctx.fake.url}/network-monitoring/v1/clients`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(clientsRes.status).toBe(200);
  });

  it.each([
    [
      'grant_type=client_credentials&client_id=test-client&client_secret=wrong',
      401,
      'invalid_client',
    ],
    [
      'client_id=test-client&client_secret=CANARY-TEST-CLIENT-SECRET',
      400,
      'unsupported_grant_type',
    ],
    ['grant_type=client_credentials', 401, 'invalid_client'],
  ])('refuses %s with %i %s', async (body, status, error) => {
    const res = await fetch(`${ctx.fake.url}/as/token.oauth2`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toBe(error);
  });
});

describe('canaries', () => {
  it('are the planted secrets, the client secret and every token the fake issued', () => {
    const before = ctx.fake.canaries();
    expect(before).toContain(TEMP_CREDENTIALS.clientSecret);
    // The token endpoint's answer is one of them, so a server that shows it in a result leaks.
    expect(before).toContain(ctx.token);
    expect(before.filter((c) => c.startsWith('fake-glp-'))).toHaveLength(1);
  });
});

describe('request handling', () => {
  it('requires a bearer token on API calls', async () => {
    const res = await fetch(`${ctx.fake.url}/network-monitoring/v1/clients`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      httpStatusCode: 401,
      errorCode: 'HPE_GL_ERROR_UNAUTHORIZED',
      message: 'Authentication required.',
    });
  });

  it('answers unknown paths with a JSON 404 and wrong methods with 405', async () => {
    const missing = await api('/network-monitoring/v9/nothing');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      httpStatusCode: 404,
      errorCode: 'HPE_GL_ERROR_NOT_FOUND',
    });
    const wrong = await api('/network-monitoring/v1/clients', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('answers a malformed JSON body with the vendor 400 and keeps serving', async () => {
    const res = await api('/network-config/v1alpha1/wlan-ssids/New', {
      method: 'POST',
      body: '{"ssid": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errorCode: 'HPE_GL_ERROR_BAD_REQUEST' });
    expect((await api('/network-monitoring/v1/clients')).status).toBe(200);
  });

  it('sends rate-limit headers on every response and no Date header', async () => {
    const res = await api('/network-monitoring/v1/clients');
    expect(res.headers.get('x-ratelimit-limit')).toBe('10000');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('9999');
    expect(res.headers.get('x-ratelimit-reset')).toBe('2026-03-02T13:00:00Z');
    expect(res.headers.get('date')).toBeNull();
  });

  it('rejects unknown query parameters by default, and lets them through when lenient', async () => {
    const res = await api('/network-monitoring/v1/clients?bogus=1');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errorCode: 'HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER',
      message: 'Unknown query parameter: bogus',
    });
    // network-config ignores unknown parameters live, so the fake does too.
    expect((await api('/network-config/v1alpha1/wlan-ssids?bogus=1')).status).toBe(200);
    const lenient = await startFakeCentral({ fixture: ctx.bundleDir, validation: 'lenient' });
    try {
      const answer = await fetch(`${lenient.url}/network-monitoring/v1/clients?bogus=1`, {
        headers: { authorization: `Bearer ${await getToken(lenient.url)}` },
      });
      expect(answer.status).toBe(200);
    } finally {
      await lenient.close();
    }
  });
});

describe('call log and reset', () => {
  it('records every request with its classification, status and body digest', async () => {
    await getToken(ctx.fake.url);
    await api('/network-monitoring/v1/clients?limit=2');
    await api('/network-config/v1alpha1/wlan-ssids/Guest', {
      method: 'POST',
      body: JSON.stringify({ enable: true }),
    });
    await api('/nowhere');
    const calls = ctx.fake.calls();
    expect(calls.map((c) => [c.seq, c.method, c.path, c.status, c.kind])).toEqual([
      [1, 'POST', '/as/token.oauth2', 200, 'auth'],
      [2, 'GET', '/network-monitoring/v1/clients', 200, 'read'],
      [3, 'POST', '/network-config/v1alpha1/wlan-ssids/Guest', 200, 'write'],
      [4, 'GET', '/nowhere', 404, 'read'],
    ]);
    expect(calls[1]?.query).toEqual({ limit: '2' });
    expect(calls[1]?.bodyDigest).toBeNull();
    expect(calls[2]?.bodyDigest).toMatch(/^[0-9a-f]{16}$/);
  });

  it('a token issued before reset() still works after it, as a long-lived server caches it', async () => {
    const token = await getToken(ctx.fake.url);
    ctx.fake.reset();
    const res = await fetch(`${ctx.fake.url}/network-monitoring/v1/clients?limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    // The reused token costs the new run nothing: its log has the one API call only.
    expect(ctx.fake.calls().map((c) => [c.kind, c.status])).toEqual([['read', 200]]);
    const forged = await fetch(`${ctx.fake.url}/network-monitoring/v1/clients?limit=1`, {
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(forged.status).toBe(401);
  });

  it('reset() restores the bundle and clears the log, so the same requests give the same bytes', async () => {
    const run = async (): Promise<string[]> => {
      const out: string[] = [];
      out.push(
        await (
          await api('/network-config/v1alpha1/wlan-ssids/Guest', {
            method: 'POST',
            body: '{"enable":true}',
          })
        ).text(),
      );
      out.push(await (await api('/network-config/v1alpha1/wlan-ssids')).text());
      out.push(await (await api('/network-monitoring/v1/clients?limit=2&next=2')).text());
      return out;
    };
    const first = await run();
    ctx.fake.reset();
    const second = await run();
    expect(second).toEqual(first);
    expect(ctx.fake.calls()).toHaveLength(3);
    ctx.fake.reset();
    const list = (await (await api('/network-config/v1alpha1/wlan-ssids')).json()) as {
      'wlan-ssid': unknown[];
    };
    expect(list['wlan-ssid']).toEqual(wlanSsids);
  });
});
