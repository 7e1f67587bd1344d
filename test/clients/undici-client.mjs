// A Central client on Node's fetch (undici) with the proxy agent a Node server installs once:
// EnvHttpProxyAgent reads HTTPS_PROXY/NO_PROXY, and NODE_EXTRA_CA_CERTS (read at start-up) makes
// the fake's CA trusted. Production URLs, settings only from the environment (FakeCentral.serverEnv()).
// Prints one JSON line: what it fetched, every status it saw, and what happened on an escape.
import { setTimeout as sleep } from 'node:timers/promises';
import { EnvHttpProxyAgent, fetch, setGlobalDispatcher } from 'undici';

const SSO_URL = 'https://sso.common.cloud.hpe.com/as/token.oauth2';
const BASE_URL = 'https://us5.api.central.arubanetworks.com';
const ESCAPE_URL = 'https://example.com/';

setGlobalDispatcher(new EnvHttpProxyAgent());

async function fetchToken() {
  const res = await fetch(SSO_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: process.env.CENTRAL_CLIENT_ID ?? '',
      client_secret: process.env.CENTRAL_CLIENT_SECRET ?? '',
    }),
  });
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

const seen = [];
let bearer = await fetchToken();

async function get(path) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(BASE_URL + path, {
      headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
    });
    seen.push(res.status);
    if (res.status === 429) {
      await res.arrayBuffer();
      await sleep(1000 * Number(res.headers.get('retry-after')));
    } else if (res.status === 401) {
      await res.arrayBuffer();
      bearer = await fetchToken();
    } else if (res.ok) {
      return res.json();
    } else {
      throw new Error(`${path}: ${res.status} ${await res.text()}`);
    }
  }
  throw new Error(`gave up on ${path}: statuses ${seen.join(',')}`);
}

const macs = [];
let pages = 0;
let query = 'limit=2';
let body;
for (;;) {
  body = await get(`/network-monitoring/v1/clients?${query}`);
  pages += 1;
  macs.push(...body.items.map((item) => item.macAddress));
  // `next` is null or absent on the last page, as the vendor lists differ (SPEC.md §5).
  if (body.next === null || body.next === undefined) break;
  query = `limit=2&next=${body.next}`;
}

let escape;
try {
  const res = await fetch(ESCAPE_URL);
  escape = { refused: false, status: res.status };
} catch (error) {
  // fetch wraps the proxy's refusal: the 403 is in the cause chain.
  const chain = [];
  for (let e = error; e instanceof Error; e = e.cause) chain.push(`${e.name}: ${e.message}`);
  escape = { refused: true, error: chain.join(' <- ') };
}

console.log(
  JSON.stringify({
    client: `node ${process.version} undici`,
    pages,
    macs,
    total: body.total,
    seen,
    escape,
  }),
);
