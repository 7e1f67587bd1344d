import type { Route } from '../router.js';
import type { FakeState } from '../state.js';
import type { FakeRequest } from '../http-types.js';
/** Token lifetimes of the two issuers (SPEC.md §2). */
export declare const CENTRAL_TOKEN_TTL = 7200;
export declare const GLP_TOKEN_TTL = 900;
/**
 * Deterministic bearer token for an issuer: the same credentials always get the same token
 * (servers that cache tokens on disk keep working across runs), until a fault bumps the generation.
 */
export declare function tokenFor(state: FakeState, issuer: 'central' | 'glp'): string;
/**
 * Every bearer token this instance may have issued since the last reset (both issuers, every
 * generation a token-expiry fault moved to): canaries, since a server that shows its token in a
 * tool result hands the user's API access to whoever reads it.
 */
export declare function issuedTokens(state: FakeState): string[];
/** Whether the request carries a token this instance issued (either issuer works on both APIs). */
export declare function isAuthorized(state: FakeState, req: FakeRequest): boolean;
/** The two token endpoints: GreenLake SSO (Central) and the GLP workspace token. */
export declare const authRoutes: Route[];
