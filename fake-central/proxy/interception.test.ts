import { existsSync, readFileSync } from 'node:fs';
import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import { ProxyAgent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEMP_CREDENTIALS, writeTempBundle } from '../../test/helpers/temp-bundle.js';
import { startFakeCentral, type FakeCentral } from '../start-fake-central.js';

const SSO = 'sso.common.cloud.hpe.com';
const US5 = 'us5.api.central.arubanetworks.com';
const clients = [{ macAddress: 'AA:BB:CC:00:00:01', status: 'Connected' }];

let fake: FakeCentral;
let cleanup: () => void;
let port: number;

beforeAll(async () => {
  const bundle = writeTempBundle({ 'clients.json': clients });
  cleanup = bundle.cleanup;
  fake = await startFakeCentral({ fixture: bundle.dir });
  port = Number(new URL(fake.url).port);
});
afterAll(async () => {
  await fake.close();
  cleanup();
});
beforeEach(() => fake.reset());

/** Opens a tunnel with a raw CONNECT; resolves with the status line and the socket. */
function openTunnel(authority: string): Promise<{ head: string; socket: Socket; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(port, '127.0.0.1', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      resolve({
        head: buffer.subarray(0, end).toString('latin1'),
        socket,
        rest: buffer.subarray(end + 4),
      });
    };
    socket.on('data', onData);
    socket.on('error', reject);
  });
}

function tlsOver(socket: Socket, host: string, alpn: string[] = ['http/1.1']): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const tls = tlsConnect({ socket, servername: host, ca: fake.caCert, ALPNProtocols: alpn }, () =>
      resolve(tls),
    );
    tls.on('error', reject);
  });
}

function closed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
}

async function fakeStillServes(): Promise<void> {
  const res = await fetch(`${fake.url}/network-monitoring/v1/clients`);
  expect(res.status).toBe(401);
}

const form = new URLSearchParams({
  grant_type: 'client_credentials',
  client_id: TEMP_CREDENTIALS.clientId,
  client_secret: TEMP_CREDENTIALS.clientSecret,
}).toString();

describe('HTTPS interception (CONNECT)', () => {
  it('terminates TLS for the production hosts and serves them from the same handler', async () => {
    const agent = new ProxyAgent({ uri: fake.proxyUrl, requestTls: { ca: fake.caCert } });
    try {
      const tokenRes = await request(`https://${SSO}/as/token.oauth2`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      const { access_token } = (await tokenRes.body.json()) as { access_token: string };
      const res = await request(`https://${US5}/network-monitoring/v1/clients?limit=1`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(((await res.body.json()) as { total: number }).total).toBe(1);
    } finally {
      await agent.close();
    }
    expect(fake.calls().map((c) => [c.method, c.host, c.path, c.status, c.kind])).toEqual([
      ['POST', SSO, '/as/token.oauth2', 200, 'auth'],
      ['GET', US5, '/network-monitoring/v1/clients', 200, 'read'],
    ]);
  });

  it('presents a leaf for the CONNECT host signed by the per-instance CA, over http/1.1', async () => {
    const { head, socket } = await openTunnel(`${US5}:443`);
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    const tls = await tlsOver(socket, US5, ['h2', 'http/1.1']);
    expect(tls.authorized).toBe(true);
    expect(tls.alpnProtocol).toBe('http/1.1');
    const leaf = new X509Certificate(tls.getPeerX509Certificate()?.raw ?? Buffer.alloc(0));
    expect(leaf.subjectAltName).toBe(`DNS:${US5}`);
    expect(leaf.checkIssued(new X509Certificate(fake.caCert))).toBe(true);
    tls.destroy();
  });

  it('serves a tunnel that carries plain HTTP instead of TLS', async () => {
    const { socket } = await openTunnel(`${SSO}:80`);
    const done = closed(socket);
    socket.end(
      `POST /as/token.oauth2 HTTP/1.1\r\nHost: ${SSO}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`,
    );
    expect(await done).toMatch(/^HTTP\/1\.1 200 [\s\S]*access_token/);
    expect(fake.calls()[0]).toMatchObject({ host: SSO, kind: 'auth', status: 200 });
  });

  it('refuses any other host with 403, forwards nothing and logs an escape', async () => {
    const { head, socket } = await openTunnel('example.com:443');
    expect(head).toMatch(/^HTTP\/1\.1 403 Forbidden/);
    await closed(socket);
    expect(fake.calls()).toEqual([
      expect.objectContaining({
        kind: 'escape',
        host: 'example.com',
        method: 'CONNECT',
        status: 403,
      }),
    ]);
    await fakeStillServes();
  });

  it('closes a tunnel whose client speaks TLS garbage, and keeps serving', async () => {
    for (const garbage of [
      Buffer.from([0x16, 0x03, 0x01, 0xff, 0xff, 1, 2, 3]),
      Buffer.from('\x00\x01garbage\r\n\r\n'),
    ]) {
      const { socket } = await openTunnel(`${US5}:443`);
      const done = closed(socket);
      socket.write(garbage);
      await done;
    }
    await fakeStillServes();
  });

  it('survives TLS garbage sent straight to the port', async () => {
    const socket = netConnect(port, '127.0.0.1');
    const done = closed(socket);
    socket.write(Buffer.from([0x16, 0x03, 0x01, 0x00, 0x05, 0xde, 0xad, 0xbe, 0xef, 0x00]));
    expect(await done).toMatch(/^HTTP\/1\.1 400 /);
    await fakeStillServes();
  });
});

describe('plain-HTTP proxying (absolute-form)', () => {
  it('serves intercepted hosts', async () => {
    const agent = new ProxyAgent({ uri: fake.proxyUrl });
    try {
      const res = await request(`http://${SSO}/as/token.oauth2`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(res.statusCode).toBe(200);
      await res.body.dump();
    } finally {
      await agent.close();
    }
    expect(fake.calls()[0]).toMatchObject({ host: SSO, path: '/as/token.oauth2', kind: 'auth' });
  });

  it('refuses other hosts with 403 and logs an escape with the path', async () => {
    const socket = netConnect(port, '127.0.0.1');
    const done = closed(socket);
    socket.end(
      'GET http://example.com/steal?x=1 HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n',
    );
    expect(await done).toMatch(/^HTTP\/1\.1 403 [\s\S]*refused example\.com/);
    expect(fake.calls()).toEqual([
      expect.objectContaining({
        kind: 'escape',
        host: 'example.com',
        path: '/steal',
        method: 'GET',
        status: 403,
      }),
    ]);
  });
});

describe('CA file and server environment', () => {
  it('writes the CA as PEM and removes it on close()', async () => {
    const bundle = writeTempBundle({});
    const other = await startFakeCentral({ fixture: bundle.dir });
    expect(readFileSync(other.caCertPath, 'utf8')).toBe(other.caCert);
    expect(other.caCert).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(other.caCert).not.toBe(fake.caCert);
    await other.close();
    bundle.cleanup();
    expect(existsSync(other.caCertPath)).toBe(false);
  });

  it('gives a server under test the proxy and every trust-store variable', () => {
    const env = fake.serverEnv();
    expect(env).toEqual({
      HTTPS_PROXY: fake.proxyUrl,
      HTTP_PROXY: fake.proxyUrl,
      https_proxy: fake.proxyUrl,
      http_proxy: fake.proxyUrl,
      NO_PROXY: '127.0.0.1,localhost,::1',
      no_proxy: '127.0.0.1,localhost,::1',
      SSL_CERT_FILE: fake.caCertPath,
      REQUESTS_CA_BUNDLE: fake.caCertPath,
      CURL_CA_BUNDLE: fake.caCertPath,
      NODE_EXTRA_CA_CERTS: fake.caCertPath,
    });
    expect(fake.proxyUrl).toBe(fake.url);
  });

  it('matches the environment table in fake-central/README.md', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const table = readme.slice(
      readme.indexOf('#### The environment a server under test receives'),
      readme.indexOf('### Fault injection'),
    );
    const documented = [...table.matchAll(/^\| (`[A-Z_a-z]+`(?:, `[A-Z_a-z]+`)*) +\|/gm)]
      .flatMap((m) => (m[1] ?? '').split(', '))
      .map((name) => name.replace(/`/g, ''));
    expect(documented.sort()).toEqual(Object.keys(fake.serverEnv()).sort());
  });
});
