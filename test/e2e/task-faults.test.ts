import { ProxyAgent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/index.js';
import { TEMP_CREDENTIALS, writeTempBundle } from '../helpers/temp-bundle.js';

// Task faults end to end: the real troubleshooting routes, reached through the intercepting
// proxy with the production hostname, as a server under test would reach them.

const US5 = 'https://us5.api.central.arubanetworks.com';
const PING = '/network-troubleshooting/v1/aps/AP0001/ping';

let fake: FakeCentral;
let agent: ProxyAgent;
let cleanup: () => void;
let token: string;

async function call(method: string, path: string, body?: unknown) {
  const res = await request(`${US5}${path}`, {
    dispatcher: agent,
    method: method as 'GET' | 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
}

/** Starts a ping and polls it `polls` times; returns the status of each poll. */
async function pingAndPoll(
  polls: number,
): Promise<{ statuses: unknown[]; last: Record<string, unknown> }> {
  const created = await call('POST', PING, { destination: '8.8.8.8' });
  expect(created.status).toBe(202);
  const statuses: unknown[] = [];
  let last: Record<string, unknown> = {};
  for (let i = 0; i < polls; i++) {
    const polled = await call('GET', String(created.body.location));
    expect(polled.status).toBe(200);
    statuses.push(polled.body.status);
    last = polled.body;
  }
  return { statuses, last };
}

beforeAll(async () => {
  const bundle = writeTempBundle({
    'aps.json': [{ serialNumber: 'AP0001', deviceName: 'ap-1', status: 'ONLINE', siteId: 's1' }],
  });
  cleanup = bundle.cleanup;
  fake = await startFakeCentral({ fixture: bundle.dir });
  agent = new ProxyAgent({ uri: fake.proxyUrl, requestTls: { ca: fake.caCert } });
  const res = await request('https://sso.common.cloud.hpe.com/as/token.oauth2', {
    dispatcher: agent,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: TEMP_CREDENTIALS.clientId,
      client_secret: TEMP_CREDENTIALS.clientSecret,
    }).toString(),
  });
  token = ((await res.body.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await agent.close();
  await fake.close();
  cleanup();
});
beforeEach(() => {
  fake.setFaults(null);
  fake.reset();
});

const pollMarks = () =>
  fake
    .calls()
    .filter((c) => c.kind === 'poll')
    .map((c) => c.fault);

describe('task faults on the troubleshooting routes', () => {
  it('complete on the first poll without a plan', async () => {
    expect((await pingAndPoll(1)).statuses).toEqual(['COMPLETED']);
    expect(pollMarks()).toEqual([undefined]);
  });

  it('stay RUNNING for N polls, each marked task_running', async () => {
    fake.setFaults({ faults: [{ kind: 'task_running', polls: 2, families: ['troubleshooting'] }] });
    expect((await pingAndPoll(3)).statuses).toEqual(['RUNNING', 'RUNNING', 'COMPLETED']);
    expect(pollMarks()).toEqual(['task_running', 'task_running', undefined]);
  });

  it('end FAILED with the reason, marked task_failed', async () => {
    fake.setFaults({
      faults: [
        {
          kind: 'task_failed',
          reason: 'Injected: destination unreachable',
          match: [`POST ${PING}`],
        },
      ],
    });
    const { statuses, last } = await pingAndPoll(1);
    expect(statuses).toEqual(['FAILED']);
    expect(last.failReason).toBe('Injected: destination unreachable');
    expect(pollMarks()).toEqual(['task_failed']);
    expect(
      fake
        .calls()
        .every((c) => c.host === 'us5.api.central.arubanetworks.com' || c.kind === 'auth'),
    ).toBe(true);
  });
});
