import type { FakeRequest } from './http-types.js';
/**
 * Where a request other than a token request carried the OAuth client secret: `path`,
 * `query:NAME`, `header:NAME` (`header:authorization (Basic)` for an HTTP Basic credential) and
 * `body:/json/pointer` (`body:NAME` for a form, `body` for other text). Names only, never the
 * secret. Empty when it carried none (or the secret is empty).
 */
export declare function credentialPlaces(req: FakeRequest, secret: string): string[];
