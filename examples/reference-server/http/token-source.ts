import type { SecretRedactor } from '../mask-secrets.js';
import { CentralApiError } from './api-error.js';
import type { FetchLike } from './fetch-like.js';

/** Refresh this long before the issuer's expiry, so a token never dies mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

interface Cached {
  token: string;
  expiresAt: number;
}

/**
 * OAuth2 client_credentials tokens, one per token URL, cached in memory until shortly before
 * they expire. Concurrent callers share one in-flight request. Tokens are registered with the
 * redactor: an issued token is a canary and must never reach a tool result.
 */
export class TokenSource {
  readonly #cache = new Map<string, Cached>();
  readonly #pending = new Map<string, Promise<string>>();

  constructor(
    private readonly fetchImpl: FetchLike,
    private readonly credentials: { clientId: string; clientSecret: string },
    private readonly redactor: SecretRedactor,
    private readonly now: () => number = Date.now,
  ) {}

  /** A valid bearer token from `tokenUrl`, fetched only when none is cached. */
  async get(tokenUrl: string, defaultTtlSeconds: number): Promise<string> {
    const cached = this.#cache.get(tokenUrl);
    if (cached && cached.expiresAt > this.now()) return cached.token;
    let pending = this.#pending.get(tokenUrl);
    if (!pending) {
      pending = this.#fetch(tokenUrl, defaultTtlSeconds).finally(() =>
        this.#pending.delete(tokenUrl),
      );
      this.#pending.set(tokenUrl, pending);
    }
    return pending;
  }

  /** Drops `token` (the API refused it) so the next {@link get} fetches a new one. */
  invalidate(tokenUrl: string, token: string): void {
    if (this.#cache.get(tokenUrl)?.token === token) this.#cache.delete(tokenUrl);
  }

  async #fetch(tokenUrl: string, defaultTtlSeconds: number): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
    });
    const path = new URL(tokenUrl).pathname;
    let res;
    try {
      res = await this.fetchImpl(tokenUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: form.toString(),
      });
    } catch (error) {
      throw new CentralApiError(0, 'POST', path, null, errorText(error));
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Non-JSON error pages are reported as text.
    }
    if (res.status !== 200) throw CentralApiError.fromBody(res.status, 'POST', path, body);
    const payload = (body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (typeof payload.access_token !== 'string' || payload.access_token === '') {
      throw new CentralApiError(200, 'POST', path, null, 'token response has no access_token');
    }
    const ttl =
      typeof payload.expires_in === 'number' && payload.expires_in > 0
        ? payload.expires_in
        : defaultTtlSeconds;
    this.redactor.remember(payload.access_token);
    this.#cache.set(tokenUrl, {
      token: payload.access_token,
      expiresAt: this.now() + Math.max(ttl * 1000 - EXPIRY_MARGIN_MS, ttl * 500),
    });
    return payload.access_token;
  }
}

/** The message of a thrown value, with undici's nested `cause` (ECONNREFUSED …) appended. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.message}${cause}`;
}
