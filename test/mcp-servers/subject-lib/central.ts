import { EnvHttpProxyAgent, fetch } from 'undici';

/** The production URLs every compared server uses; the harness's proxy routes them to the fake. */
const TOKEN_URL = 'https://sso.common.cloud.hpe.com/as/token.oauth2';
const BASE_URL = 'https://us5.api.central.arubanetworks.com';

/** Query parameters; undefined values are left out. */
export type Query = Record<string, string | number | undefined>;

/** The few calls a fault subject makes, through HTTPS_PROXY like the reference server. */
export interface SubjectCentral {
  get(path: string, query?: Query): Promise<Record<string, unknown>>;
  send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<unknown>;
}

function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * A minimal, well-behaved Central client: one cached token from CENTRAL_CLIENT_ID/SECRET, no
 * retries (the subjects run without fault plans), errors thrown with method, path and status.
 */
export function centralFromEnv(env: NodeJS.ProcessEnv = process.env): SubjectCentral {
  const dispatcher = new EnvHttpProxyAgent();
  let token: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const res = await fetch(TOKEN_URL, {
      method: 'POST',
      dispatcher,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: env.CENTRAL_CLIENT_ID ?? '',
        client_secret: env.CENTRAL_CLIENT_SECRET ?? '',
      }).toString(),
    });
    const body = (await res.json()) as { access_token?: string };
    if (res.status !== 200 || typeof body.access_token !== 'string') {
      throw new Error(`POST /as/token.oauth2 failed: HTTP ${res.status}`);
    }
    return body.access_token;
  };

  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    token ??= fetchToken();
    const res = await fetch(`${BASE_URL}${path}`, {
      method,
      dispatcher,
      headers: {
        Authorization: `Bearer ${await token}`,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`${method} ${path.split('?')[0] ?? path} failed: HTTP ${res.status} ${text}`);
    }
    return text === '' ? null : (JSON.parse(text) as unknown);
  };

  return {
    get: async (path, query) =>
      (await call('GET', `${path}${queryString(query)}`)) as Record<string, unknown>,
    send: (method, path, body) => call(method, path, body),
  };
}
