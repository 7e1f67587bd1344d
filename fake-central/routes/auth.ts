import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Route } from '../router.js';
import type { FakeState } from '../state.js';
import type { Item, Json } from '../types.js';
import type { FakeRequest, FakeResponse } from '../http-types.js';

/** Token lifetimes of the two issuers (SPEC.md §2). */
export const CENTRAL_TOKEN_TTL = 7200;
export const GLP_TOKEN_TTL = 900;

/**
 * Deterministic bearer token for an issuer: the same credentials always get the same token
 * (servers that cache tokens on disk keep working across runs), until a fault bumps the generation.
 */
export function tokenFor(state: FakeState, issuer: 'central' | 'glp'): string {
  const key = `token:${issuer}:${state.tokenGeneration}`;
  const cached = state.cache.get(key);
  if (cached !== undefined) return cached;
  const token = mintToken(state, issuer, state.tokenGeneration);
  state.cache.set(key, token);
  return token;
}

function mintToken(state: FakeState, issuer: 'central' | 'glp', generation: number): string {
  const { clientId, clientSecret } = state.bundle.manifest.credentials;
  const mac = createHmac('sha256', clientSecret)
    .update(`${issuer}:${clientId}:${generation}`)
    .digest('base64url');
  return `fake-${issuer}-${mac}`;
}

/**
 * Every bearer token this instance may have issued since the last reset (both issuers, every
 * generation a token-expiry fault moved to): canaries, since a server that shows its token in a
 * tool result hands the user's API access to whoever reads it.
 */
export function issuedTokens(state: FakeState): string[] {
  return Array.from({ length: state.tokenGeneration + 1 }, (_, generation) =>
    (['central', 'glp'] as const).map((issuer) => mintToken(state, issuer, generation)),
  ).flat();
}

/** Whether the request carries a token this instance issued (either issuer works on both APIs). */
export function isAuthorized(state: FakeState, req: FakeRequest): boolean {
  const header = req.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const m = /^Bearer\s+(\S+)$/i.exec(value ?? '');
  if (!m?.[1]) return false;
  return m[1] === tokenFor(state, 'central') || m[1] === tokenFor(state, 'glp');
}

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** client_id/secret from HTTP Basic (pycentral, oauthlib) or the form body (client_secret_post). */
function presentedCredentials(req: FakeRequest, form: Item): { id?: string; secret?: string } {
  const header = req.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const basic = /^Basic\s+(\S+)$/i.exec(value ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      return {
        id: decodeURIComponent(decoded.slice(0, colon)),
        secret: decodeURIComponent(decoded.slice(colon + 1)),
      };
    }
  }
  const id = typeof form.client_id === 'string' ? form.client_id : undefined;
  const secret = typeof form.client_secret === 'string' ? form.client_secret : undefined;
  return { ...(id === undefined ? {} : { id }), ...(secret === undefined ? {} : { secret }) };
}

function tokenResponse(
  state: FakeState,
  req: FakeRequest,
  body: Json | undefined,
  issuer: 'central' | 'glp',
): FakeResponse {
  const form: Item = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  // Token errors follow RFC 6749 (PingFederate style), not the API's error body.
  const noStore = { 'Cache-Control': 'no-store' };
  if (form.grant_type !== 'client_credentials') {
    return {
      status: 400,
      headers: noStore,
      body: {
        error: 'unsupported_grant_type',
        error_description: 'grant_type must be client_credentials',
      },
    };
  }
  const creds = state.bundle.manifest.credentials;
  const { id, secret } = presentedCredentials(req, form);
  if (
    id === undefined ||
    secret === undefined ||
    !safeEqual(id, creds.clientId) ||
    !safeEqual(secret, creds.clientSecret)
  ) {
    return {
      status: 401,
      headers: noStore,
      body: { error: 'invalid_client', error_description: 'Invalid client or client credentials' },
    };
  }
  return {
    status: 200,
    headers: noStore,
    body: {
      access_token: tokenFor(state, issuer),
      token_type: 'Bearer',
      expires_in: issuer === 'central' ? CENTRAL_TOKEN_TTL : GLP_TOKEN_TTL,
    },
  };
}

/** The two token endpoints: GreenLake SSO (Central) and the GLP workspace token. */
export const authRoutes: Route[] = [
  {
    method: 'POST',
    pattern: '/as/token.oauth2',
    kind: 'auth',
    handler: ({ req, state, body }) => tokenResponse(state, req, body(), 'central'),
  },
  {
    method: 'POST',
    pattern: '/authorization/v2/oauth2/:workspace/token',
    kind: 'auth',
    handler: ({ req, state, body, params }) => {
      if (params.workspace !== state.bundle.manifest.credentials.workspaceId) {
        return {
          status: 401,
          body: {
            error: 'invalid_client',
            error_description: `Unknown workspace ${params.workspace ?? ''}`,
          },
        };
      }
      return tokenResponse(state, req, body(), 'glp');
    },
  },
];
