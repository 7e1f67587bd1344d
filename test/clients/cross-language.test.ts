// needs: processes
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/index.js';
import { writeTempBundle } from '../helpers/temp-bundle.js';
import { curlClient } from './curl-client.js';
import {
  clientEnv,
  CLIENTS_DIR,
  run,
  runClient,
  venvPython,
  type ClientReport,
} from './run-client.js';

// Real clients in three languages reach the fake with production URLs and no code change: only
// the environment of FakeCentral.serverEnv() differs from a run against the real Central.

const SSO = 'sso.common.cloud.hpe.com';
const US5 = 'us5.api.central.arubanetworks.com';
const CLIENTS_PATH = '/network-monitoring/v1/clients';
const MACS = [
  'AA:BB:CC:00:00:01',
  'AA:BB:CC:00:00:02',
  'AA:BB:CC:00:00:03',
  'AA:BB:CC:00:00:04',
  'AA:BB:CC:00:00:05',
];
const clients = [
  ...MACS.map((macAddress) => ({ macAddress, status: 'Connected' })),
  { macAddress: 'AA:BB:CC:00:00:99', status: 'Failed' },
];

const CLIENTS: [string, (env: NodeJS.ProcessEnv) => Promise<ClientReport>][] = [
  ['Python httpx', (env) => runClient(venvPython(), [join(CLIENTS_DIR, 'httpx_client.py')], env)],
  [
    'Python requests',
    (env) => runClient(venvPython(), [join(CLIENTS_DIR, 'requests_client.py')], env),
  ],
  [
    'Node fetch (undici EnvHttpProxyAgent)',
    (env) => runClient(process.execPath, [join(CLIENTS_DIR, 'undici-client.mjs')], env),
  ],
  ['curl', curlClient],
];

let fake: FakeCentral;
let cleanup: () => void;

beforeAll(async () => {
  const bundle = writeTempBundle({ 'clients.json': clients });
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

const summary = () => fake.calls().map((c) => [c.method, c.host, c.path, c.status, c.kind]);

describe.each(CLIENTS)('%s through the intercepting proxy', (_name, client) => {
  it('gets a token from SSO, pages through clients on us5 and is refused example.com', async () => {
    const report = await client(clientEnv(fake));
    expect(report.macs).toEqual(MACS);
    expect(report.total).toBe(5);
    expect(report.pages).toBe(3);
    expect(report.escape.refused).toBe(true);
    expect(report.escape.error).toMatch(/403/);
    if (report.httpVersion !== undefined) expect(report.httpVersion).toBe('HTTP/1.1');
    // Every request the client made is in the fake's log, with the production host it addressed.
    expect(summary()).toEqual([
      ['POST', SSO, '/as/token.oauth2', 200, 'auth'],
      ['GET', US5, CLIENTS_PATH, 200, 'read'],
      ['GET', US5, CLIENTS_PATH, 200, 'read'],
      ['GET', US5, CLIENTS_PATH, 200, 'read'],
      ['CONNECT', 'example.com', '', 403, 'escape'],
    ]);
    expect(fake.calls().map((c) => c.query)).toEqual([
      {},
      { limit: '2' },
      { limit: '2', next: '2' },
      { limit: '2', next: '3' },
      {},
    ]);
  });
});

describe.each(CLIENTS.slice(0, 3))('%s under injected faults', (_name, client) => {
  it('sees the 429 and the expired token, recovers, and the log marks both', async () => {
    fake.setFaults({
      faults: [
        { kind: 'rate_limit', first: 1, match: [`GET ${CLIENTS_PATH}`] },
        { kind: 'token_expiry', afterCalls: 2 },
      ],
    });
    const report = await client(clientEnv(fake));
    expect(report.macs).toEqual(MACS);
    expect(report.seen).toEqual([429, 200, 200, 401, 200]);
    expect(fake.calls().map((c) => [c.host, c.status, c.kind, c.fault])).toEqual([
      [SSO, 200, 'auth', undefined],
      [US5, 429, 'read', 'rate_limit'],
      [US5, 200, 'read', undefined],
      [US5, 200, 'read', undefined],
      [US5, 401, 'read', 'token_expiry'],
      [SSO, 200, 'auth', undefined],
      [US5, 200, 'read', undefined],
      ['example.com', 403, 'escape', undefined],
    ]);
  });
});

describe('the certificate chain', () => {
  it('passes the strict X.509 checks Python 3.13 turns on by default', async () => {
    const script = [
      'import os, ssl, httpx',
      'ctx = ssl.create_default_context(cafile=os.environ["SSL_CERT_FILE"])',
      'ctx.verify_flags |= ssl.VERIFY_X509_STRICT',
      'print(httpx.get("https://global.api.greenlake.hpe.com/nope", verify=ctx).status_code)',
    ].join('\n');
    const { code, stdout, stderr } = await run(venvPython(), ['-c', script], clientEnv(fake));
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('404');
  });
});
