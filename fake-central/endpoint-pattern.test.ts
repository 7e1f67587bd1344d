import { describe, expect, it } from 'vitest';
import {
  endpointPatternProblem,
  findMatchingPattern,
  normalizeRequestPath,
  parseEndpointPattern,
} from './endpoint-pattern.js';

describe('parseEndpointPattern().matches', () => {
  const cases: [pattern: string, method: string, path: string, matches: boolean][] = [
    ['GET /network-monitoring/v1/clients', 'GET', '/network-monitoring/v1/clients', true],
    ['GET /network-monitoring/v1/clients', 'get', '/network-monitoring/v1/clients', true],
    ['GET /network-monitoring/v1/clients', 'POST', '/network-monitoring/v1/clients', false],
    ['GET /network-monitoring/v1/clients', 'GET', '/network-monitoring/v1/clients?limit=100', true],
    ['GET /network-monitoring/v1/clients', 'GET', '/network-monitoring/v1/clients/', true],
    ['GET /network-monitoring/v1/clients', 'GET', '/network-monitoring/v1/clients/x', false],
    // a trailing ** matches any depth, including none, also after a wildcard segment
    [
      'PATCH /network-notifications/v1/alerts/*/**',
      'PATCH',
      '/network-notifications/v1/alerts/a1',
      true,
    ],
    [
      'PATCH /network-notifications/v1/alerts/*/**',
      'PATCH',
      '/network-notifications/v1/alerts/a1/x/y',
      true,
    ],
    [
      'PATCH /network-notifications/v1/alerts/*/**',
      'PATCH',
      '/network-notifications/v1/alerts',
      false,
    ],
    // * is one segment: never empty, never two
    ['GET /network-monitoring/v1/clients/*', 'GET', '/network-monitoring/v1/clients/aa:bb', true],
    ['GET /network-monitoring/v1/clients/*', 'GET', '/network-monitoring/v1/clients', false],
    ['GET /network-monitoring/v1/aps/*', 'GET', '/network-monitoring/v1/aps/SN1/radios', false],
    [
      'GET /network-monitoring/v1/aps/*/radios',
      'GET',
      '/network-monitoring/v1/aps/SN1/radios',
      true,
    ],
    ['GET /network-monitoring/v1/aps/*', 'GET', '/network-monitoring/v1/aps/.hidden', true],
    // * within a segment
    ['GET /m/v1/aps/*/*-trends', 'GET', '/m/v1/aps/SN1/cpu-utilization-trends', true],
    ['GET /m/v1/aps/*/*-trends', 'GET', '/m/v1/aps/SN1/wlans', false],
    // ** is any depth, including none
    ['POST /network-config/**', 'POST', '/network-config/v1alpha1/wlan-ssids/Guest', true],
    ['POST /network-config/**', 'POST', '/network-config', true],
    ['POST /network-config/**', 'POST', '/network-configx/v1', false],
    [
      'GET /network-troubleshooting/**/async-operations/*',
      'GET',
      '/network-troubleshooting/v1alpha1/aps/SN1/showCommands/async-operations/7',
      true,
    ],
    // {a,b} alternatives, in the path and the method
    ['GET /network-{monitoring,config}/v1/sites', 'GET', '/network-config/v1/sites', true],
    ['GET /network-{monitoring,config}/v1/sites', 'GET', '/network-services/v1/sites', false],
    ['{POST,PUT,PATCH,DELETE} /network-config/**', 'PATCH', '/network-config/v1/x', true],
    ['{POST,PUT,PATCH,DELETE} /network-config/**', 'GET', '/network-config/v1/x', false],
    ['* /as/token.oauth2', 'POST', '/as/token.oauth2', true],
    // the "." of a file-like segment is literal
    ['* /as/token.oauth2', 'POST', '/as/tokenXoauth2', false],
    // percent-encoded segments are decoded; an encoded "/" stays inside its segment
    ['GET /network-monitoring/v1/clients/*', 'GET', '/network-monitoring/v1/clients/aa%3Abb', true],
    ['GET /network-config/v1/wlan-ssids/*', 'GET', '/network-config/v1/wlan-ssids/a%2Fb', true],
    ['GET /network-config/v1/wlan-ssids/a:b', 'GET', '/network-config/v1/wlan-ssids/a%3Ab', true],
    // from the fault plans' former matcher (fake-central/faults), now the same syntax
    ['GET /network-monitoring/*/clients', 'GET', '/network-monitoring/v1alpha1/clients', true],
    ['GET /network-monitoring/*/clients', 'GET', '/network-monitoring/a/b/clients', false],
    ['* /network-troubleshooting/**', 'POST', '/network-troubleshooting/v1/aps/SN1/ping', true],
    ['GET /network-{monitoring,services}/v1/*', 'GET', '/network-services/v1/audits', true],
    ['GET /network-{monitoring,services}/v1/*', 'GET', '/network-config/v1/sites', false],
    ['GET /a.b/c', 'GET', '/aXb/c', false],
    // a pattern without a method is any method, like `* /path`
    ['/network-troubleshooting/**', 'GET', '/network-troubleshooting', true],
    ['/network-troubleshooting/**', 'DELETE', '/network-troubleshooting/v1/x', true],
    ['/network-troubleshooting/**', 'GET', '/network-monitoring/v1/aps', false],
    ['/', 'PUT', '/', true],
    // the method alternatives that made a fault plan throw before there was one matcher
    [
      '{POST,PUT} /network-config/v1alpha1/**',
      'PUT',
      '/network-config/v1alpha1/wlan-ssids/x',
      true,
    ],
    ['{POST,PUT} /network-config/v1alpha1/**', 'DELETE', '/network-config/v1alpha1/x', false],
  ];
  it.each(cases)('%s × %s %s → %s', (pattern, method, path, matches) => {
    expect(parseEndpointPattern(pattern).matches(method, path)).toBe(matches);
  });
});

describe('endpointPatternProblem', () => {
  const cases: [pattern: string, message: string, hint: string][] = [
    [
      'GET',
      'expected "METHOD /path"',
      'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*',
    ],
    [
      'GET  /a',
      'expected "METHOD /path"',
      'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*',
    ],
    ['get /a', 'method "get" must be upper case', 'write GET'],
    // the fault plans' former matcher took a lower-case method; now it gets this fix
    ['get /network-monitoring/v1/clients', 'method "get" must be upper case', 'write GET'],
    [
      'GETS clients',
      'unknown method "GETS"',
      'did you mean "GET"? methods: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, * (any) or {GET,HEAD}',
    ],
    [
      'clients',
      'expected "METHOD /path"',
      'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*',
    ],
    [
      '/a b',
      'expected "METHOD /path"',
      'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*',
    ],
    [
      'FETCH /a',
      'unknown method "FETCH"',
      'did you mean "PATCH"? methods: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS, * (any) or {GET,HEAD}',
    ],
    [
      'GET network-monitoring/v1/clients',
      'the path must start with "/"',
      'write GET /network-monitoring/v1/clients',
    ],
    ['GET /a?b=1', 'query strings are not part of a pattern', 'match the path only: GET /a'],
    ['GET /a//b', 'empty path segment ("//" or a trailing "/")', 'remove the extra "/"'],
    ['GET /a/', 'empty path segment ("//" or a trailing "/")', 'remove the extra "/"'],
    [
      'GET /a/b**',
      '"**" must be a whole segment, got "b**"',
      'use /a/** for any depth, or * within one segment, e.g. /aps/*-trends',
    ],
    [
      'GET /a/{id}',
      '"{…}" needs at least two alternatives in "{id}"',
      'use * for a path parameter, e.g. GET /network-monitoring/v1/clients/*; {a,b} lists alternatives',
    ],
    [
      'GET /{a,b/c}',
      'unclosed "{" in segment "{a,b"',
      'alternatives stay within one path segment: {a,b}/c, not {a,b/c}',
    ],
    ['GET /a/b}', 'unmatched "}"', 'alternatives are written {a,b}'],
    ['GET /{a,{b,c}}', 'nested "{" in alternatives', 'write one {a,b} group per place'],
    ['GET /a,b', '"," outside {a,b}', 'commas only separate alternatives in {…}'],
    [
      'GET /a/!(b)',
      'character "!" is not allowed in a path pattern',
      'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*',
    ],
    [
      'GET /a/[bc]',
      'character "[" is not allowed in a path pattern',
      'e.g. GET /network-monitoring/v1/clients, POST /network-config/v1/*',
    ],
  ];
  it.each(cases)('%s: %s', (pattern, message, hint) => {
    const problem = endpointPatternProblem(pattern);
    expect(problem?.message).toBe(`bad endpoint pattern "${pattern}": ${message}`);
    expect(problem?.hint).toBe(hint);
  });

  it('accepts every form the methodology uses', () => {
    for (const ok of [
      'GET /network-monitoring/v1/clients',
      'POST /network-config/v1/*',
      '* /network-config/**',
      '{GET,HEAD} /',
      'GET /network-monitoring/v1/aps/*/*-trends',
      '/network-troubleshooting/**',
      '{POST,PUT} /network-config/v1alpha1/**',
    ]) {
      expect(endpointPatternProblem(ok)).toBeUndefined();
    }
  });
});

describe('pattern helpers', () => {
  it('marks patterns that name exactly one endpoint as literal', () => {
    expect(parseEndpointPattern('GET /a/b').literal).toBe(true);
    expect(parseEndpointPattern('GET /a/*').literal).toBe(false);
    expect(parseEndpointPattern('{GET,HEAD} /a').literal).toBe(false);
    expect(parseEndpointPattern('* /a').literal).toBe(false);
    expect(parseEndpointPattern('/a').literal).toBe(false);
    expect(parseEndpointPattern('/a').methods).toBeUndefined();
  });

  it('normalizes request paths before matching', () => {
    expect(normalizeRequestPath('/a/b/?x=1#f')).toBe('/a/b');
    expect(normalizeRequestPath('/')).toBe('/');
    expect(normalizeRequestPath('/a/%ZZ')).toBe('/a/%ZZ');
  });

  it('finds the first matching pattern', () => {
    const patterns = ['GET /a/*', 'GET /a/**', 'POST /a/b'];
    expect(findMatchingPattern(patterns, 'GET', '/a/b/c')).toBe('GET /a/**');
    expect(findMatchingPattern(patterns, 'DELETE', '/a/b')).toBeUndefined();
  });
});

describe('linear-time matching', () => {
  it('an endpoint pattern with many wildcards matches a long request path at once', () => {
    const pattern = parseEndpointPattern(`GET /x/${'*a'.repeat(12)}*b/**/**/**/c`);
    const started = performance.now();
    expect(pattern.matches('GET', `/x/${'a'.repeat(5_000)}`)).toBe(false);
    expect(pattern.matches('GET', `/x/${'a'.repeat(30)}b/c`)).toBe(true);
    // A backtracking engine needs about 5000^13 steps for the first match.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
