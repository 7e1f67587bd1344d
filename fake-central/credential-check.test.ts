import { describe, expect, it } from 'vitest';
import { getToken } from '../test/helpers/temp-bundle.js';
import { credentialPlaces } from './credential-check.js';
import type { FakeRequest } from './http-types.js';
import { startFakeCentral } from './start-fake-central.js';

const SECRET = 'CANARY-CLIENT-SECRET-0123456789abcdef';
const ID = 'ec827de9-3b3f-43ff-8007-093300c01dd9';

function request(
  parts: Partial<Omit<FakeRequest, 'body'>> & { body?: Buffer | string },
): FakeRequest {
  const { body, ...rest } = parts;
  return {
    method: 'GET',
    host: 'us5.api.central.arubanetworks.com',
    rawPath: '/network-monitoring/v1/aps',
    query: new URLSearchParams(),
    headers: { authorization: 'Bearer fake-central-token' },
    ...rest,
    body: typeof body === 'string' ? Buffer.from(body) : (body ?? Buffer.alloc(0)),
  };
}

describe('credentialPlaces', () => {
  it('finds nothing in an ordinary API request (a bearer token, the client id in a header)', () => {
    const req = request({ headers: { authorization: 'Bearer x', 'x-client-id': ID } });
    expect(credentialPlaces(req, SECRET)).toEqual([]);
  });

  it('names the header that carried the secret, never the secret', () => {
    const req = request({ headers: { 'x-client-id': ID, 'x-client-secret': SECRET } });
    const places = credentialPlaces(req, SECRET);
    expect(places).toEqual(['header:x-client-secret']);
    expect(places.join()).not.toContain(SECRET);
  });

  it('decodes an HTTP Basic credential sent to the API instead of the token endpoint', () => {
    const basic = Buffer.from(`${ID}:${SECRET}`).toString('base64');
    expect(
      credentialPlaces(request({ headers: { authorization: `Basic ${basic}` } }), SECRET),
    ).toEqual(['header:authorization (Basic)']);
  });

  it('names the query parameter, percent-encoded or not', () => {
    const query = new URLSearchParams(`limit=10&client_secret=${encodeURIComponent(SECRET)}`);
    expect(credentialPlaces(request({ query }), SECRET)).toEqual(['query:client_secret']);
  });

  it('names a JSON body member by its pointer, \\u-escaped too', () => {
    const escaped = `{"auth":{"secret":"${SECRET.replace('C', '\\u0043')}"},"n":1}`;
    expect(credentialPlaces(request({ method: 'POST', body: escaped }), SECRET)).toEqual([
      'body:/auth/secret',
    ]);
  });

  it('names a form member, and says `body` for other text', () => {
    const form = request({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `a=1&client_secret=${encodeURIComponent(SECRET)}`,
    });
    expect(credentialPlaces(form, SECRET)).toEqual(['body:client_secret']);
    expect(credentialPlaces(request({ method: 'POST', body: `secret ${SECRET}` }), SECRET)).toEqual(
      ['body'],
    );
  });

  it('finds it in the path, and never quotes a name that holds it', () => {
    expect(credentialPlaces(request({ rawPath: `/x/${SECRET}` }), SECRET)).toEqual(['path']);
    const named = request({ query: new URLSearchParams(`${SECRET}=1`) });
    expect(credentialPlaces(named, SECRET)).toEqual([
      'query:(a parameter name holding the secret)',
    ]);
  });

  it('looks for nothing when the secret is empty', () => {
    expect(credentialPlaces(request({ headers: { 'x-client-secret': '' } }), '')).toEqual([]);
  });
});

describe('the call log marks the client secret sent outside the token endpoint', () => {
  it('marks an API request that carried it, answers it as usual, and leaves token requests alone', async () => {
    const fake = await startFakeCentral({ fixture: 'site-a' });
    try {
      const { clientId, clientSecret } = fake.credentials;
      // The token endpoint is where the secret belongs, in the form body or HTTP Basic.
      const token = await getToken(fake.url, fake.credentials);
      const plain = await fetch(`${fake.url}/network-monitoring/v1/aps?limit=1`, {
        headers: { authorization: `Bearer ${token}`, 'x-client-id': clientId },
      });
      const leaky = await fetch(`${fake.url}/network-monitoring/v1/aps?limit=1`, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-client-id': clientId,
          'x-client-secret': clientSecret,
        },
      });
      expect([plain.status, leaky.status]).toEqual([200, 200]);
      expect(await leaky.json()).toEqual(await plain.json());
      const calls = fake.calls();
      expect(calls.map((c) => [c.kind, c.credentialSent])).toEqual([
        ['auth', undefined],
        ['read', undefined],
        ['read', ['header:x-client-secret']],
      ]);
      expect(() => fake.assertSecretKept()).toThrow(
        'expected the OAuth client secret only at the token endpoint, but 1 request(s) sent it to the API:\n' +
          '  GET /network-monitoring/v1/aps → 200 with the client secret in header:x-client-secret',
      );
      fake.reset();
      expect(() => fake.assertSecretKept()).not.toThrow();
    } finally {
      await fake.close();
    }
  });
});
