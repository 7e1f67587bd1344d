/**
 * `npm run bench:fake` — how fast the fake answers (a benchmark, not a timed test).
 *
 * The servers run in a child process (scripts/bench/serve-targets.ts) so this process, the load
 * generator, does not share their event loop. The same load — N GETs, C in flight over C
 * keep-alive connections — goes to three targets in turn:
 *   1. a bare node:http server answering a fixed body the size of one page (the ceiling);
 *   2. the fake over direct HTTP, walking the pages of the bundle's client list
 *      (`limit=100&next=1…K`, cycled), reset before the round so the first walk is cold;
 *   3. the same walk through the fake's intercepting proxy: CONNECT to the production hostname,
 *      TLS terminated with the per-instance CA (what a zero-modification run gives).
 * Each is measured `--rounds` times and the median round is reported, with the servers' RSS
 * after loading the bundle and after the load. Targets: direct ≥ 0.5 × bare; proxy + TLS ≥ 0.3 ×
 * direct; p99 < 5 ms with one request in flight (at 50 connections p99 is the load generator's
 * queueing: the bare server shows it too); campus-b loaded under 200 MB RSS.
 * The ratios are the medians of each round's ratio (the targets of one round run back to back), not
 * ratios of medians: on a shared 2-core machine the bare server's rate alone swings 2× between
 * rounds, and pairing cancels most of that.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Pool, ProxyAgent, type Dispatcher } from 'undici';
import { runLoad, type LoadResult } from './bench/load.js';

const PROXIED_ORIGIN = 'https://us5.api.central.arubanetworks.com';
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '1000' },
    fixture: { type: 'string', default: 'campus-b' },
    limit: { type: 'string', default: '100' },
    json: { type: 'boolean', default: false },
    // documents (the fake's default: requests checked against HPE's documents) or lenient.
    validation: { type: 'string', default: 'documents' },
  },
});
if (values.validation !== 'documents' && values.validation !== 'lenient')
  throw new Error(`--validation ${values.validation}: use documents or lenient`);
const requests = Number(values.requests);
const concurrency = Number(values.concurrency);
const warmup = Number(values.warmup);
const rounds = Number(values.rounds);
const limit = Number(values.limit);

interface Ready {
  bareOrigin: string;
  fakeUrl: string;
  proxyUrl: string;
  caCert: string;
  token: string;
  bodyBytes: number;
  rssBefore: number;
  rssLoaded: number;
}

const child = fork(
  fileURLToPath(new URL('./bench/serve-targets.ts', import.meta.url)),
  [values.fixture, `/network-monitoring/v1/clients?limit=${limit}&next=1`, values.validation],
  {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
function ask<T>(type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string } & T): void => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      resolve(m);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}
const ready = await new Promise<Ready>((resolve, reject) => {
  child.once('message', (m: Ready) => resolve(m));
  child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
});

function median(results: LoadResult[]): LoadResult {
  const sorted = [...results].sort((a, b) => a.perSecond - b.perSecond);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('no rounds were run');
  return middle;
}

/** The median over rounds of `top[i] / bottom[i]` (both measured in round i). */
function pairedRatio(top: LoadResult[], bottom: LoadResult[]): number {
  const ratios = top.map((r, i) => r.perSecond / (bottom[i]?.perSecond ?? Number.NaN));
  const sorted = ratios.sort((a, b) => a - b);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('no rounds were run');
  return middle;
}

const headers = { authorization: `Bearer ${ready.token}`, accept: 'application/json' };
const first = (await (
  await fetch(`${ready.fakeUrl}/network-monitoring/v1/clients?limit=${limit}&next=1`, { headers })
).json()) as { total: number };
const pages = Array.from(
  { length: Math.ceil(first.total / limit) },
  (_, i) => `/network-monitoring/v1/clients?limit=${limit}&next=${i + 1}`,
);

async function measure(
  dispatcher: Dispatcher,
  origin: string,
  paths: string[] | undefined,
  reset: boolean,
): Promise<LoadResult> {
  try {
    const base = {
      dispatcher,
      origin,
      path: pages[0] ?? '/',
      ...(paths ? { paths } : {}),
      headers,
      concurrency,
    };
    await runLoad({ ...base, requests: warmup });
    if (reset) await ask<{ count: number }>('calls').then(() => child.send({ type: 'reset' }));
    return await runLoad({ ...base, requests });
  } finally {
    await dispatcher.close();
  }
}

const runs: Record<'bare' | 'direct' | 'proxyTls', LoadResult[]> = {
  bare: [],
  direct: [],
  proxyTls: [],
};
try {
  for (let round = 0; round < rounds; round++) {
    runs.bare.push(
      await measure(
        new Pool(ready.bareOrigin, { connections: concurrency }),
        ready.bareOrigin,
        undefined,
        false,
      ),
    );
    runs.direct.push(
      await measure(
        new Pool(ready.fakeUrl, { connections: concurrency }),
        ready.fakeUrl,
        pages,
        true,
      ),
    );
    const proxy = new ProxyAgent({
      uri: ready.proxyUrl,
      requestTls: { ca: ready.caCert },
      connections: concurrency,
    });
    runs.proxyTls.push(await measure(proxy, PROXIED_ORIGIN, pages, true));
  }
  // Latency without queueing: one request in flight, so p99 is the fake's own handling time.
  const probeRequests = Math.min(requests, 2000);
  const probe = async (origin: string, paths: string[] | undefined): Promise<LoadResult> => {
    const pool = new Pool(origin, { connections: 1 });
    try {
      const base = {
        dispatcher: pool,
        origin,
        path: pages[0] ?? '/',
        ...(paths ? { paths } : {}),
        headers,
        concurrency: 1,
      };
      await runLoad({ ...base, requests: 200 });
      return await runLoad({ ...base, requests: probeRequests });
    } finally {
      await pool.close();
    }
  };
  const single = {
    bare: await probe(ready.bareOrigin, undefined),
    direct: await probe(ready.fakeUrl, pages),
  };
  child.send({ type: 'reset' });
  await runLoad({
    dispatcher: new Pool(ready.fakeUrl, { connections: concurrency }),
    origin: ready.fakeUrl,
    path: pages[0] ?? '/',
    paths: pages,
    headers,
    concurrency,
    requests,
  });
  const logged = (await ask<{ count: number }>('calls')).count;
  if (logged !== requests)
    throw new Error(
      `the call log holds ${logged} records after the last round, expected ${requests}`,
    );
  const rssAfter = (await ask<{ rss: number }>('rss')).rss;
  const results = {
    bare: median(runs.bare),
    direct: median(runs.direct),
    proxyTls: median(runs.proxyTls),
  };
  const ratios = {
    directOfBare: pairedRatio(runs.direct, runs.bare),
    proxyTlsOfDirect: pairedRatio(runs.proxyTls, runs.direct),
  };
  const memory = {
    rssBeforeMb: ready.rssBefore / 2 ** 20,
    rssLoadedMb: ready.rssLoaded / 2 ** 20,
    rssAfterMb: rssAfter / 2 ** 20,
  };
  if (values.json) {
    console.log(
      JSON.stringify({
        fixture: values.fixture,
        validation: values.validation,
        requests,
        concurrency,
        rounds,
        pages: pages.length,
        bodyBytes: ready.bodyBytes,
        results,
        ratios,
        memory,
        runs,
      }),
    );
  } else {
    const row = (name: string, r: LoadResult, ratio: string): string =>
      `${name.padEnd(36)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50Ms.toFixed(2).padStart(8)} ${r.p99Ms.toFixed(2).padStart(8)}  ${ratio}`;
    console.log(
      `validation ${values.validation}: ${requests} GETs of the ${values.fixture} client list (${pages.length} pages of ${limit}, ~${ready.bodyBytes} B), ${concurrency} keep-alive connections, ` +
        `${warmup} warm-up, median of ${rounds} rounds (ratios: median of the rounds' ratios), servers in a child process, Node ${process.version}\n`,
    );
    console.log(
      `${'target'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  ratio`,
    );
    console.log(row('bare node:http, fixed page body', results.bare, '1.00'));
    console.log(
      row(
        'fake, direct HTTP, paging',
        results.direct,
        `${ratios.directOfBare.toFixed(2)} of bare (target ≥ 0.50)`,
      ),
    );
    console.log(
      row(
        'fake, proxy CONNECT + TLS, paging',
        results.proxyTls,
        `${ratios.proxyTlsOfDirect.toFixed(2)} of direct (target ≥ 0.30)`,
      ),
    );
    console.log(row('bare node:http, 1 connection', single.bare, 'latency without queueing'));
    console.log(
      row(
        'fake, direct HTTP, 1 connection',
        single.direct,
        'latency without queueing (target p99 < 5 ms)',
      ),
    );
    console.log(
      `\nservers' RSS: ${memory.rssBeforeMb.toFixed(0)} MB before loading, ${memory.rssLoadedMb.toFixed(0)} MB with ${values.fixture} loaded (target < 200 MB), ${memory.rssAfterMb.toFixed(0)} MB after the load`,
    );
  }
} finally {
  child.send({ type: 'stop' });
}
