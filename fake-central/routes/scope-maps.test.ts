import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';

// Vendor facts: scope maps are a network-config resource answered with the config API's
// SUCC_001 body (SPEC.md §6) under the key `scope-map`.
const api = useFakeApi({ fixture: 'site-a' });

describe('network-config scope-maps', () => {
  const entry = {
    'scope-name': '5563304806',
    'scope-id': 5563304806,
    persona: 'CAMPUS_AP',
    resource: 'wlan-ssids/SFO-Events',
  };

  it('maps a resource to a scope, reads it back once, and unmaps it', async () => {
    expect(await api.get('/network-config/v1/scope-maps')).toEqual({ 'scope-map': [] });
    for (let i = 0; i < 2; i++) {
      const posted = await api.call('/network-config/v1/scope-maps', {
        method: 'POST',
        body: { 'scope-map': [entry] },
      });
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({ httpStatusCode: 200, errorCode: 'SUCC_001' });
    }
    expect(await api.get('/network-config/v1alpha1/scope-maps')).toEqual({ 'scope-map': [entry] });
    const deleted = await api.call('/network-config/v1/scope-maps', {
      method: 'DELETE',
      body: { 'scope-map': [entry] },
    });
    expect(deleted.status).toBe(200);
    expect(await api.get('/network-config/v1/scope-maps')).toEqual({ 'scope-map': [] });
    const kinds = api.fake.calls().map((c) => `${c.method} ${c.kind}`);
    expect(kinds).toContain('POST write');
  });

  it('rejects a body without scope-id, persona and resource with the config 400', async () => {
    const bad = await api.call('/network-config/v1/scope-maps', {
      method: 'POST',
      body: { 'scope-map': [{ 'scope-name': 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('ERR_AP001');
  });
});
