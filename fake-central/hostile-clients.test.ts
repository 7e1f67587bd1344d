/**
 * Clients that misbehave on the wire, against a real fake on 127.0.0.1:0: an oversized control
 * body gets its 413 (not a reset), an assertion of the wrong type a 400 naming it, a CONNECT to
 * port 99999 a 400 (not 200), and connections that never finish their headers are closed.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS_TIMEOUT_MS, startFakeCentral, type FakeCentral } from './start-fake-central.js';

let fake: FakeCentral;
beforeAll(async () => {
  fake = await startFakeCentral({ fixture: 'site-a', control: true });
});
afterAll(async () => {
  await fake.close();
});

const control = async (path: string, body: string): Promise<{ status: number; body: any }> => {
  const res = await fetch(`${fake.control?.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.control?.token}`, 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: await res.json() };
};

/** What the fake's port answers to raw bytes, until it closes the connection. */
function raw(text: string): Promise<string> {
  const { port } = new URL(fake.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let got = '';
    socket.on('data', (c: Buffer) => (got += c.toString()));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
  });
}

describe('the fake against misbehaving clients', { timeout: 60_000 }, () => {
  it('a control body over 1 MiB: 413 with its message, not a connection reset', async () => {
    const answer = await control(
      '/_fake/state/check',
      JSON.stringify({ pad: 'x'.repeat(2 << 20) }),
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toMatch(/^the body is \d+ bytes, over 1 MiB$/);
  });

  it('state/check: an assertion of the wrong type is a 400 naming it', async () => {
    const count = await control(
      '/_fake/state/check',
      JSON.stringify({ assertions: [{ collection: 'wlan-ssids', count: 'x' }] }),
    );
    expect(count.status).toBe(400);
    expect(count.body.message).toBe('/assertions/0/count: "x" is not a whole number ≥ 0');
    const typo = await control(
      '/_fake/state/check',
      JSON.stringify({ assertions: [{ collection: 'wlan-ssids', cuont: 1 }] }),
    );
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe('/assertions/0/cuont: unknown key; did you mean "count"?');
  });

  it('CONNECT to port 99999: 400, not 200', async () => {
    const answer = await raw(
      'CONNECT us4.api.central.arubanetworks.com:99999 HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('the port must be 1-65535');
  });

  it('300 connections that never finish their headers are closed within seconds', async () => {
    const { port } = new URL(fake.url);
    const started = performance.now();
    const closed = await Promise.all(
      Array.from(
        { length: 300 },
        () =>
          new Promise<number>((resolve) => {
            const socket: Socket = connect(Number(port), '127.0.0.1', () =>
              socket.write('GET /network-monitoring/v1/aps HTTP/1.1\r\nHost: x\r\n'),
            );
            socket.on('error', () => undefined);
            socket.on('close', () => resolve(performance.now() - started));
          }),
      ),
    );
    // The headers timeout plus the once-a-second check, with room for a loaded machine.
    expect(Math.max(...closed)).toBeLessThan(HEADERS_TIMEOUT_MS + 10_000);
  });
});
