import { afterEach, describe, expect, it } from 'vitest';
import { FakeCentralError, startFakeCentral, type FakeCentral } from './index.js';

let fake: FakeCentral | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The fake's answer to one client list call with a token (its status). */
async function clientsStatus(f: FakeCentral): Promise<number> {
  const token = await fetch(`${f.url}/as/token.oauth2`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: f.credentials.clientId,
      client_secret: f.credentials.clientSecret,
    }),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const res = await fetch(`${f.url}/network-monitoring/v1/clients`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await res.arrayBuffer();
  return res.status;
}

describe('hpe-mcp-bench/fake-central: startFakeCentral checks its options before it starts', () => {
  it.each([
    [{ port: 'abc' }, 'startFakeCentral: option port is "abc"; it must be a whole number 0–65535'],
    [{ port: 70_000 }, 'startFakeCentral: option port is 70000; it must be a whole number 0–65535'],
    [{ fixtur: 'site-a' }, 'startFakeCentral: unknown option "fixtur"; did you mean "fixture"?'],
    [
      { validation: 'strict' },
      'startFakeCentral: option validation is "strict"; it must be "documents" (the default) or "lenient"',
    ],
    [{ strictQuery: true }, 'option strictQuery is gone: requests are checked against HPE'],
    [{ asyncRunningPolls: -1 }, 'option asyncRunningPolls is -1; it must be a whole number 0–1000'],
  ])('%j is refused naming the option', async (options, message) => {
    await expect(startFakeCentral(options as never)).rejects.toThrow(message);
  });

  it('a latency of 1e12 ms is refused, not cut to 1 ms by the timer', async () => {
    const started = startFakeCentral({ faults: { faults: [{ kind: 'latency', ms: 1e12 }] } });
    await expect(started).rejects.toBeInstanceOf(FakeCentralError);
    await expect(started).rejects.toThrow('/faults/0/ms: must be at most 60000');
  });
});

describe('setFaults is atomic', () => {
  it('an invalid plan throws, the previous plan stays, and reset() keeps working', async () => {
    fake = await startFakeCentral({});
    fake.setFaults({
      faults: [{ kind: 'server_error', status: 503, match: ['GET /network-monitoring/**'] }],
    });
    expect(await clientsStatus(fake)).toBe(503);
    for (const bad of [
      { faults: 'x' },
      { faults: [{ kind: 'nope' }] },
      { faults: [{ kind: 'latency', ms: 1e12 }] },
    ])
      expect(() => fake?.setFaults(bad as never)).toThrow(FakeCentralError);
    expect(() => fake?.reset()).not.toThrow();
    expect(await clientsStatus(fake)).toBe(503);
    fake.setFaults(null);
    expect(await clientsStatus(fake)).toBe(200);
  });
});
