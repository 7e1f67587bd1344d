/**
 * The server side of `npm run bench:fake`, run in its own process so the load generator does not
 * share the servers' event loop (on two cores: one for the load, one for the servers).
 * Starts the fake with a bundle and a bare node:http server answering a fixed body, prints one
 * JSON line with their addresses, then answers IPC messages: `reset` and `rss`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeCentral } from '../../fake-central/index.js';

const fixture = process.argv[2] ?? 'campus-b';
const samplePath = process.argv[3] ?? '/network-monitoring/v1/clients?limit=100&next=1';
const validation = process.argv[4] === 'lenient' ? 'lenient' : 'documents';

const rssBefore = process.memoryUsage().rss;
const fake = await startFakeCentral({ fixture, validation });
const res = await fetch(`${fake.url}/as/token.oauth2`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: fake.credentials.clientId,
    client_secret: fake.credentials.clientSecret,
  }),
});
const token = ((await res.json()) as { access_token: string }).access_token;
const sample = await fetch(`${fake.url}${samplePath}`, {
  headers: { authorization: `Bearer ${token}` },
});
const body = Buffer.from(await sample.arrayBuffer());
if (sample.status !== 200) throw new Error(`fake answered ${sample.status}: ${body.toString()}`);
const rssLoaded = process.memoryUsage().rss;

const bare = createServer((_req, out) => {
  out.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
  out.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') fake.reset();
  if (message.type === 'calls') process.send?.({ type: 'calls', count: fake.calls().length });
  if (message.type === 'rss') process.send?.({ type: 'rss', rss: process.memoryUsage().rss });
  if (message.type === 'stop') {
    bare.close();
    void fake.close().then(() => process.exit(0));
  }
});
process.send?.({
  type: 'ready',
  bareOrigin: `http://127.0.0.1:${(bare.address() as AddressInfo).port}`,
  fakeUrl: fake.url,
  proxyUrl: fake.proxyUrl,
  caCert: fake.caCert,
  token,
  bodyBytes: body.length,
  rssBefore,
  rssLoaded,
});
