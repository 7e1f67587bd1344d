import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../test/helpers/fake-api.js';

// Vendor facts: SPEC.md §4 (switches: `/hardware-trends`) and the monitoring OAS
// HardwareTrendsResponse (`id*`, `type*`, `keys[]`, `units[]`, `switchMetrics[{serialNumber,
// switchRole, samples[{timestamp, data[]}]}]`); scope maps are a network-config resource
// answered with the config API's SUCC_001 body (§4.1) under the key `scope-map`.
const api = useFakeApi({ fixture: 'site-a', strictQuery: true });

describe('GET switches/{serial}/hardware-trends', () => {
  it("serves the switch's trends as one sample, PoE at data[3] and data[4]", async () => {
    const body = await api.get(
      `/network-monitoring/v1/switches/SGDF2411V6/hardware-trends?filter=${encodeURIComponent('timestamp gt 2026-03-01T00:00:00Z')}`,
    );
    expect(body).toMatchObject({
      id: 'SGDF2411V6',
      type: 'network-monitoring/switch-monitoring',
      keys: [
        'cpuUtilization',
        'memoryUtilization',
        'systemTemperature',
        'poeAvailable',
        'poeConsumption',
        'powerConsumption',
        'totalPowerConsumption',
      ],
      switchMetrics: [{ serialNumber: 'SGDF2411V6', switchRole: 'Standalone' }],
    });
    expect(body.units).toHaveLength(body.keys.length);
    const [sample] = body.switchMetrics[0].samples;
    expect(typeof sample.timestamp).toBe('number');
    // switch-details.json: cpu 26, memory 28, temperature 50, PoE 1440 available / 771 used.
    expect(sample.data).toEqual([26, 28, 50, 1440, 771, 168, 832]);
  });

  it('answers a JSON 404 for an unknown switch and 400 for an unsupported parameter', async () => {
    const missing = await api.call('/network-monitoring/v1/switches/NOPE/hardware-trends');
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('HPE_GL_ERROR_NOT_FOUND');
    const bad = await api.call(
      '/network-monitoring/v1/switches/SGDF2411V6/hardware-trends?start=1',
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errorCode: 'HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER',
      message: 'Unknown query parameter: start',
    });
  });
});

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
