import { EnvHttpProxyAgent, fetch as undiciFetch } from 'undici';
import type { ReferenceConfig } from '../config.js';
import type { SecretRedactor } from '../mask-secrets.js';
import { CentralApiError } from './api-error.js';
import type { FetchLike } from './fetch-like.js';
import { errorText, TokenSource } from './token-source.js';

/** Which API a request goes to; each has its own base URL (and possibly its own token). */
export type Api = 'central' | 'greenlake';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Query = Record<string, string | number | boolean | null | undefined>;

/** One API call: the path is relative to the API's base URL and already encoded. */
export interface ApiRequest {
  method: Method;
  path: string;
  query?: Query;
  body?: unknown;
  api?: Api;
}

/** A successful response: parsed JSON (or null when empty) plus the headers callers read. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  location: string | null;
}

/** Retry policy (fake-central/SPEC.md §7): bounded, so a throttled API cannot stall a tool. */
export interface RetryPolicy {
  maxRateLimitRetries: number;
  maxRetryAfterMs: number;
  defaultRetryAfterMs: number;
  serverErrorDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxRateLimitRetries: 2,
  maxRetryAfterMs: 5_000,
  defaultRetryAfterMs: 1_000,
  serverErrorDelayMs: 250,
};

const CENTRAL_TTL_S = 7200;
const GLP_TTL_S = 900;
const USER_AGENT = 'hpe-reference-mcp';

/** A path segment: percent-encoded, except `:` which MAC addresses keep (pycentral does too). */
export function seg(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':');
}

function queryString(query: Query | undefined): string {
  if (!query) return '';
  const parts = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

function retryAfterMs(header: string | null, policy: RetryPolicy): number {
  const seconds = header === null ? NaN : Number(header);
  const ms = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : policy.defaultRetryAfterMs;
  return Math.min(ms, policy.maxRetryAfterMs);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** undici's fetch through EnvHttpProxyAgent, so HTTPS_PROXY/NO_PROXY apply (Node's do not). */
export function proxyAwareFetch(): FetchLike {
  const dispatcher = new EnvHttpProxyAgent();
  return (url, init) => undiciFetch(url, { ...init, dispatcher });
}

/**
 * The only way tools reach Central and GreenLake: bearer tokens from the SSO endpoint (cached),
 * one refresh-and-retry on 401, Retry-After on 429 (capped, at most twice), one retry of a GET
 * on a 5xx or network failure. Nothing is called until a tool asks.
 */
export class CentralClient {
  readonly #tokens: TokenSource;

  constructor(
    private readonly config: ReferenceConfig,
    redactor: SecretRedactor,
    private readonly fetchImpl: FetchLike = proxyAwareFetch(),
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {
    this.#tokens = new TokenSource(fetchImpl, config, redactor);
  }

  #tokenUrl(api: Api): { url: string; ttl: number } {
    const ws = this.config.greenlakeWorkspaceId;
    if (api === 'greenlake' && ws !== null) {
      return {
        url: `${this.config.greenlakeBaseUrl}/authorization/v2/oauth2/${seg(ws)}/token`,
        ttl: GLP_TTL_S,
      };
    }
    return { url: this.config.tokenUrl, ttl: CENTRAL_TTL_S };
  }

  /** Sends one logical request (with the retries above); throws {@link CentralApiError}. */
  async request<T = unknown>(req: ApiRequest): Promise<ApiResponse<T>> {
    const api = req.api ?? 'central';
    const base = api === 'central' ? this.config.centralBaseUrl : this.config.greenlakeBaseUrl;
    const url = `${base}${req.path}${queryString(req.query)}`;
    const { url: tokenUrl, ttl } = this.#tokenUrl(api);
    let refreshed = false;
    let rateLimited = 0;
    let serverRetried = false;
    for (;;) {
      const token = await this.#tokens.get(tokenUrl, ttl);
      let res: Awaited<ReturnType<FetchLike>>;
      try {
        res = await this.fetchImpl(url, {
          method: req.method,
          headers: {
            Authorization: `Bearer ${token}`,
            Accept: 'application/json',
            'User-Agent': USER_AGENT,
            ...(req.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
        });
      } catch (error) {
        if (req.method === 'GET' && !serverRetried) {
          serverRetried = true;
          await sleep(this.retry.serverErrorDelayMs);
          continue;
        }
        throw new CentralApiError(0, req.method, req.path, null, errorText(error));
      }
      const text = await res.text();
      if (res.status === 401 && !refreshed) {
        refreshed = true;
        this.#tokens.invalidate(tokenUrl, token);
        continue;
      }
      if (res.status === 429 && rateLimited < this.retry.maxRateLimitRetries) {
        rateLimited += 1;
        await sleep(retryAfterMs(res.headers.get('retry-after'), this.retry));
        continue;
      }
      if (res.status >= 500 && req.method === 'GET' && !serverRetried) {
        serverRetried = true;
        await sleep(this.retry.serverErrorDelayMs);
        continue;
      }
      const body = parseBody(text);
      if (res.status < 200 || res.status >= 300) {
        throw CentralApiError.fromBody(res.status, req.method, req.path, body);
      }
      return { status: res.status, body: body as T, location: res.headers.get('location') };
    }
  }

  /** GET returning the parsed body. */
  async get<T = unknown>(path: string, query?: Query, api: Api = 'central'): Promise<T> {
    return (await this.request<T>({ method: 'GET', path, api, ...(query ? { query } : {}) })).body;
  }
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
