import { describe, expect, it } from 'vitest';
import { compileEndpointPattern } from './endpoint-pattern.js';

describe('compileEndpointPattern', () => {
  it.each([
    ['GET /network-monitoring/v1/clients', 'GET', '/network-monitoring/v1/clients', true],
    ['GET /network-monitoring/v1/clients', 'POST', '/network-monitoring/v1/clients', false],
    ['get /network-monitoring/v1/clients', 'GET', '/network-monitoring/v1/clients/', true],
    ['GET /network-monitoring/v1/clients', 'GET', '/network-monitoring/v1/clients/AA', false],
    ['GET /network-monitoring/*/clients', 'GET', '/network-monitoring/v1alpha1/clients', true],
    ['GET /network-monitoring/*/clients', 'GET', '/network-monitoring/a/b/clients', false],
    ['* /network-troubleshooting/**', 'POST', '/network-troubleshooting/v1/aps/SN1/ping', true],
    ['/network-troubleshooting/**', 'GET', '/network-troubleshooting', true],
    ['/network-troubleshooting/**', 'GET', '/network-monitoring/v1/aps', false],
    ['GET /network-{monitoring,services}/v1/*', 'GET', '/network-services/v1/audits', true],
    ['GET /network-{monitoring,services}/v1/*', 'GET', '/network-config/v1/sites', false],
    ['GET /a.b/c', 'GET', '/aXb/c', false],
  ])('%s ~ %s %s → %s', (pattern, method, path, expected) => {
    expect(compileEndpointPattern(pattern)(method, path)).toBe(expected);
  });

  it('rejects a pattern without a path', () => {
    expect(() => compileEndpointPattern('GETS clients')).toThrow(/must look like/);
  });
});
