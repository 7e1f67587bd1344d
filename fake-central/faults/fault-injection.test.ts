import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken, writeTempBundle } from '../../test/helpers/temp-bundle.js';
import { FakeCentralError } from '../errors.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';
import type { FaultPlan } from './fault-plan.js';

const clients = [{ macAddress: 'AA:BB:CC:00:00:01', status: 'Connected' }];
const CLIENTS = '/network-monitoring/v1/clients';
const SITES = '/network-monitoring/v1/sites-health';
const FIRMWARE = '/network-config/v1alpha1/firmware-compliance';

let fake: FakeCentral;
let cleanup: () => void;

beforeAll(async () => {
  const bundle = writeTempBundle({
    'clients.json': clients,
    'sites-health.json': [],
    'firmware-compliance.json': { name: 'fc', enable: true },
  });
  cleanup = bundle.cleanup;
  fake = await startFakeCentral({ fixture: bundle.dir });
});
afterAll(async () => {
  await fake.close();
  cleanup();
});
beforeEach(() => {
  fake.setFaults(null);
  fake.reset();
});

async function withPlan(plan: FaultPlan): Promise<string> {
  fake.setFaults(plan);
  return getToken(fake.url);
}

function get(path: string, token: string): Promise<Response> {
  return fetch(`${fake.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

/** `METHOD /path` calls (a JSON body for writes), one after the other; their statuses. */
async function calls(requests: string[], token: string): Promise<number[]> {
  const out: number[] = [];
  for (const request of requests) {
    const [method = '', path = ''] = request.split(' ');
    const write = method !== 'GET' && method !== 'DELETE';
    const res = await fetch(`${fake.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(write ? { body: JSON.stringify({ name: 'fc', enable: false }) } : {}),
    });
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

async function statuses(paths: string[], token: string): Promise<number[]> {
  const out: number[] = [];
  for (const path of paths) {
    const res = await get(path, token);
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

const marks = (): (string | undefined)[] => fake.calls().map((c) => c.fault);

describe('fault injection', () => {
  it('is off by default', async () => {
    const token = await getToken(fake.url);
    expect(await statuses([CLIENTS, CLIENTS, CLIENTS], token)).toEqual([200, 200, 200]);
    expect(marks().every((m) => m === undefined)).toBe(true);
  });

  it('answers every Nth call with 429, Retry-After and exhausted X-RateLimit headers', async () => {
    const token = await withPlan({ faults: [{ kind: 'rate_limit', every: 2 }] });
    const first = await get(CLIENTS, token);
    expect(first.status).toBe(200);
    const limited = await get(CLIENTS, token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
    expect(limited.headers.get('x-ratelimit-reset')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00Z$/);
    expect(await limited.json()).toMatchObject({
      httpStatusCode: 429,
      errorCode: 'HPE_GL_ERROR_TOO_MANY_REQUESTS',
    });
    expect(await statuses([CLIENTS, CLIENTS], token)).toEqual([200, 429]);
    // The token call is outside the default scope, so it neither counts nor gets marked.
    expect(marks()).toEqual([undefined, undefined, 'rate_limit', undefined, 'rate_limit']);
  });

  it('limits only matching endpoints, and only the first K of them', async () => {
    const token = await withPlan({
      faults: [{ kind: 'rate_limit', first: 2, match: [`GET ${CLIENTS}`], retryAfter: 3 }],
    });
    const first = await get(CLIENTS, token);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(await statuses([SITES, CLIENTS, CLIENTS, SITES], token)).toEqual([200, 429, 200, 200]);
    expect(marks()).toEqual([
      undefined,
      'rate_limit',
      undefined,
      'rate_limit',
      undefined,
      undefined,
    ]);
  });

  it('can rate-limit the token endpoint when a pattern names it', async () => {
    fake.setFaults({
      faults: [{ kind: 'rate_limit', first: 1, match: ['POST /as/token.oauth2'] }],
    });
    const res = await fetch(`${fake.url}/as/token.oauth2`, { method: 'POST' });
    expect(res.status).toBe(429);
    expect(fake.calls()[0]).toMatchObject({ kind: 'auth', fault: 'rate_limit' });
  });

  it('injects 5xx in the vendor error shape', async () => {
    const token = await withPlan({ faults: [{ kind: 'server_error', first: 1 }] });
    const res = await get(CLIENTS, token);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ errorCode: 'HPE_GL_ERROR_SERVICE_UNAVAILABLE' });
    fake.setFaults({ faults: [{ kind: 'server_error', status: 500 }] });
    expect(await statuses([CLIENTS], token)).toEqual([500]);
    expect(marks()).toEqual([undefined, 'server_error', 'server_error']);
  });

  it('adds latency and still answers normally', async () => {
    const token = await withPlan({
      faults: [{ kind: 'latency', ms: 150, match: [`GET ${CLIENTS}`] }],
    });
    const started = performance.now();
    expect(await statuses([CLIENTS], token)).toEqual([200]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    const fast = performance.now();
    expect(await statuses([SITES], token)).toEqual([200]);
    expect(performance.now() - fast).toBeLessThan(145);
    expect(marks()).toEqual([undefined, 'latency', undefined]);
  });

  it('combines latency with an answering fault in one mark', async () => {
    const token = await withPlan({
      faults: [
        { kind: 'latency', ms: 5 },
        { kind: 'rate_limit', first: 1 },
      ],
    });
    expect(await statuses([CLIENTS, CLIENTS], token)).toEqual([429, 200]);
    expect(marks()).toEqual([undefined, 'latency+rate_limit', 'latency']);
  });

  it('expires the token after N calls, then accepts a refreshed one', async () => {
    const token = await withPlan({ faults: [{ kind: 'token_expiry', afterCalls: 2 }] });
    expect(await statuses([CLIENTS, SITES], token)).toEqual([200, 200]);
    const expired = await get(CLIENTS, token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ errorCode: 'HPE_GL_ERROR_UNAUTHORIZED' });
    expect(await statuses([CLIENTS], token)).toEqual([401]);
    const refreshed = await getToken(fake.url);
    expect(refreshed).not.toBe(token);
    expect(await statuses([CLIENTS, CLIENTS, CLIENTS], refreshed)).toEqual([200, 200, 200]);
    expect(marks()).toEqual([
      undefined,
      undefined,
      undefined,
      'token_expiry',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('expires every token after N calls with repeat', async () => {
    let token = await withPlan({ faults: [{ kind: 'token_expiry', afterCalls: 1, repeat: true }] });
    expect(await statuses([CLIENTS, CLIENTS], token)).toEqual([200, 401]);
    token = await getToken(fake.url);
    expect(await statuses([CLIENTS, CLIENTS], token)).toEqual([200, 401]);
  });

  it('gives every run the same faults: reset() restarts the counters, the plan stays', async () => {
    const plan: FaultPlan = { faults: [{ kind: 'rate_limit', every: 2 }] };
    const token = await withPlan(plan);
    const firstRun = await statuses([CLIENTS, CLIENTS, CLIENTS], token);
    fake.reset();
    const secondRun = await statuses([CLIENTS, CLIENTS, CLIENTS], token);
    expect(firstRun).toEqual([200, 429, 200]);
    expect(secondRun).toEqual(firstRun);
  });
});

describe("fault plan patterns (the scenarios' syntax)", () => {
  it('injects on method alternatives and on method-less patterns only', async () => {
    const v1 = '/network-config/v1/firmware-compliance';
    const token = await withPlan({
      faults: [
        { kind: 'server_error', status: 502, match: ['{POST,PUT} /network-config/v1alpha1/**'] },
        // no method: every method counts, as with `* /path`
        { kind: 'rate_limit', every: 2, match: [v1] },
      ],
    });
    expect(
      await calls(
        [
          `GET ${FIRMWARE}`,
          `PUT ${FIRMWARE}`,
          `PATCH ${FIRMWARE}`,
          `POST ${FIRMWARE}`,
          // the v1 alias of the same route is outside v1alpha1/**
          `PUT ${v1}`,
          `GET ${v1}?limit=5`,
          `PATCH ${v1}/`,
          `GET ${CLIENTS}`,
          `DELETE ${v1}`,
        ],
        token,
      ),
    ).toEqual([200, 502, 200, 502, 200, 429, 200, 200, 429]);
    expect(marks().slice(1)).toEqual([
      undefined,
      'server_error',
      undefined,
      'server_error',
      undefined,
      'rate_limit',
      undefined,
      undefined,
      'rate_limit',
    ]);
  });

  it('rejects a bad pattern with an error naming the fault and the fix', () => {
    let error: unknown;
    try {
      fake.setFaults({
        faults: [
          { kind: 'latency', ms: 1 },
          { kind: 'rate_limit', match: ['GET /a', 'get /network-config/**'] },
        ],
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FakeCentralError);
    expect(error).toMatchObject({
      code: 'fault_plan_invalid',
      message:
        'fault plan: faults[1].match[1]: bad endpoint pattern "get /network-config/**": method "get" must be upper case',
      hint: 'write GET',
    });
  });

  it('refuses to start with a bad pattern in its fault plan', async () => {
    await expect(
      startFakeCentral({
        fixture: 'site-a',
        faults: { faults: [{ kind: 'server_error', match: ['POST /network-config/{id}'] }] },
      }),
    ).rejects.toThrow(
      /faults\[0\]\.match\[0\]: bad endpoint pattern .*needs at least two alternatives/,
    );
  });
});
