import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../test/helpers/temp-bundle.js';
import { startFakeCentral, type FakeCentral } from './start-fake-central.js';

// peek() is the harness's off-the-record read (the paged-facts lint walks pages a server did not
// ask for): it must answer what a client gets, and leave no trace a server or a metric could see.

const CLIENTS = '/network-monitoring/v1/clients?limit=2&next=2';
let fake: FakeCentral;
let token: string;

beforeAll(async () => {
  fake = await startFakeCentral();
  token = await getToken(fake.url, fake.credentials);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.setFaults(null);
});

describe('FakeCentral.peek', () => {
  it('answers a read as an authorised client gets it, and logs nothing', async () => {
    const res = await fetch(`${fake.url}${CLIENTS}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const seen = await res.json();
    fake.reset();
    expect(await fake.peek(CLIENTS)).toEqual({ status: 200, body: seen });
    expect(fake.calls()).toEqual([]);
  });

  it('is not faulted: a plan that fails every read leaves it alone', async () => {
    fake.setFaults({ faults: [{ kind: 'server_error', status: 500 }] });
    expect((await fake.peek(CLIENTS))?.status).toBe(200);
    const res = await fetch(`${fake.url}${CLIENTS}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(500); // the plan is in force for real clients
  });

  it('refuses as the documents do, and serves nothing but routed reads', async () => {
    expect((await fake.peek('/network-monitoring/v1/clients?bogus-param=1'))?.status).toBe(400);
    expect(await fake.peek('/no/such/route')).toBeNull();
    expect(await fake.peek('/as/token.oauth2')).toBeNull();
    expect(fake.calls()).toEqual([]);
    expect(fake.state().changes).toEqual([]);
  });
});
