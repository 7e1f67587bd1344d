import { describe, expect, it } from 'vitest';
import { Router, type Route } from './router.js';

const handler: Route['handler'] = () => ({ status: 200 });
const router = new Router([
  { method: 'GET', pattern: '/network-monitoring/v1|v1alpha1/clients/:mac', kind: 'read', handler },
  { method: 'GET', pattern: '/network-config/v1alpha1/wlan-ssids/:name', kind: 'read', handler },
  {
    method: 'DELETE',
    pattern: '/network-config/v1alpha1/wlan-ssids/:name',
    kind: 'write',
    handler,
  },
  { method: 'GET', pattern: '/files/:rest*', kind: 'read', handler },
]);

describe('Router.match', () => {
  it('matches version alternatives and decodes captures (percent-encoded colons, spaces)', () => {
    const a = router.match(
      'GET',
      '/network-monitoring/v1alpha1/clients/aa%3Abb%3Acc%3Add%3Aee%3Aff',
    );
    expect(a && 'route' in a && a.params).toEqual({ mac: 'aa:bb:cc:dd:ee:ff' });
    const b = router.match('GET', '/network-config/v1alpha1/wlan-ssids/Guest%20WiFi');
    expect(b && 'route' in b && b.params).toEqual({ name: 'Guest WiFi' });
  });

  it('tells a wrong method from an unknown path', () => {
    expect(router.match('PUT', '/network-config/v1alpha1/wlan-ssids/x')).toEqual({
      allowed: ['GET', 'DELETE'],
    });
    expect(router.match('GET', '/network-monitoring/v2/clients/x')).toBeNull();
    expect(router.match('GET', '/network-monitoring/v1/clients/x/extra')).toBeNull();
  });

  it('captures the rest of a path', () => {
    const m = router.match('GET', '/files/a/b%2Fc');
    expect(m && 'route' in m && m.params).toEqual({ rest: 'a/b/c' });
  });

  it('does not crash on malformed percent-encoding', () => {
    const m = router.match('GET', '/network-monitoring/v1/clients/%E0%A4%A');
    expect(m && 'route' in m && m.params.mac).toBe('%E0%A4%A');
  });
});
