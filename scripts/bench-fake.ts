/**
 * `npm run bench:fake` — how fast the fake answers (a benchmark, not a timed test).
 *
 * The same load — N GETs of one clients page, C requests in flight over C keep-alive
 * connections — against three targets in this process:
 *   1. a bare node:http server answering a fixed body of the same size (the ceiling);
 *   2. the fake over direct HTTP (what a base-URL override gives);
 *   3. the fake through its intercepting proxy: CONNECT tunnels to the production hostname,
 *      TLS terminated with the per-instance CA (what a zero-modification run gives).
 * The three are measured in turn, `--rounds` times, and each figure is the median round, so a
 * burst of other work on the machine skews one round rather than one target.
 * Prints throughput, p50/p99 latency and the ratios (target: proxy over TLS ≥ 0.3 × direct).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Pool, ProxyAgent, type Dispatcher } from 'undici';
import { startFakeCentral, type FakeCentral } from '../fake-central/index.js';
import { runLoad, type LoadResult } from './bench/load.js';

const PATH = '/network-monitoring/v1/clients?limit=10';
const PROXIED_ORIGIN = 'https://us5.api.central.arubanetworks.com';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '2000' },
    fixture: { type: 'string', default: 'site-a' },
    json: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const warmup = Number(values.warmup);
const rounds = Number(values.rounds);

/** The round with the median throughput. */
function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.perSecond - b.perSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('no rounds were run');
  return middle;
}

async function token(fake: FakeCentral): Promise<string> {
  const res = await fetch(`${fake.url}/as/token.oauth2`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: fake.credentials.clientId,
      client_secret: fake.credentials.clientSecret,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function measure(
  dispatcher: Dispatcher,
  origin: string,
  headers: Record<string, string>,
  between: () => void = () => undefined,
): Promise<LoadResult> {
  try {
    const base = { dispatcher, origin, path: PATH, headers, concurrency };
    await runLoad({ ...base, requests: warmup });
    between();
    return await runLoad({ ...base, requests });
  } finally {
    await dispatcher.close();
  }
}

const fake = await startFakeCentral({ fixture: values.fixture });
const bare = createServer();
try {
  const headers = { authorization: `Bearer ${await token(fake)}`, accept: 'application/json' };
  const sample = await fetch(`${fake.url}${PATH}`, { headers });
  const body = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== 200) throw new Error(`fake answered ${sample.status}: ${body.toString()}`);
  bare.on('request', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  const runs: Record<'bare' | 'direct' | 'proxyTls', LoadResult[]> = {
    bare: [],
    direct: [],
    proxyTls: [],
  };
  for (let round = 0; round < rounds; round++) {
    runs.bare.push(
      await measure(new Pool(bareOrigin, { connections: concurrency }), bareOrigin, headers),
    );
    runs.direct.push(
      await measure(new Pool(fake.url, { connections: concurrency }), fake.url, headers, () =>
        fake.reset(),
      ),
    );
    const proxy = new ProxyAgent({
      uri: fake.proxyUrl,
      requestTls: { ca: fake.caCert },
      connections: concurrency,
    });
    runs.proxyTls.push(await measure(proxy, PROXIED_ORIGIN, headers, () => fake.reset()));
  }
  const results = {
    bare: median(runs.bare),
    direct: median(runs.direct),
    proxyTls: median(runs.proxyTls),
  };
  const logged = fake.calls();
  if (
    logged.length !== requests ||
    logged.some((c) => c.host !== 'us5.api.central.arubanetworks.com')
  ) {
    throw new Error(`the call log holds ${logged.length} proxied records, expected ${requests}`);
  }
  const ratios = {
    directOfBare: results.direct.perSecond / results.bare.perSecond,
    proxyTlsOfDirect: results.proxyTls.perSecond / results.direct.perSecond,
  };
  if (values.json) {
    console.log(
      JSON.stringify({
        requests,
        concurrency,
        rounds,
        bodyBytes: body.length,
        results,
        ratios,
        runs,
      }),
    );
  } else {
    const row = (name: string, r: LoadResult, ratio: string): string =>
      `${name.padEnd(34)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50Ms.toFixed(2).padStart(8)} ${r.p99Ms.toFixed(2).padStart(8)}  ${ratio}`;
    console.log(
      `${requests} GET ${PATH} (${body.length} B body), ${concurrency} keep-alive connections, ` +
        `${warmup} warm-up requests, median of ${rounds} rounds, Node ${process.version}\n`,
    );
    console.log(
      `${'target'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  ratio`,
    );
    console.log(row('bare node:http, same body', results.bare, '1.00'));
    console.log(
      row('fake, direct HTTP', results.direct, `${ratios.directOfBare.toFixed(2)} of bare`),
    );
    console.log(
      row(
        'fake, proxy CONNECT + TLS',
        results.proxyTls,
        `${ratios.proxyTlsOfDirect.toFixed(2)} of direct (target ≥ 0.30)`,
      ),
    );
  }
} finally {
  bare.close();
  await fake.close();
}
