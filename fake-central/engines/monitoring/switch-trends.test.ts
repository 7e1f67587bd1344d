import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

// Vendor facts: the monitoring document's switch trend answers (getSwitchHardwareTrendsV1,
// getSwitchConnectivityrendsV1, getTopnSwitchConnectivityTrendsV1), served inside a `response`
// member as pycentral 2.0a25 reads them (SPEC.md §13 D12).
const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1/switches';

describe('GET switches/{serial}/hardware-trends', () => {
  it("serves the switch's trends as one sample, PoE at data[3] and data[4]", async () => {
    const body = await api.get(
      `${M}/SGDF2411V6/hardware-trends?filter=${encodeURIComponent('timestamp gt 2026-03-01T00:00:00Z')}`,
    );
    expect(Object.keys(body)).toEqual(['response']);
    const trends = body.response;
    expect(trends).toMatchObject({
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
    expect(trends.units).toHaveLength(trends.keys.length);
    const [sample] = trends.switchMetrics[0].samples;
    expect(typeof sample.timestamp).toBe('number');
    // switch-details.json: cpu 26, memory 28, temperature 50, PoE 1440 available / 771 used.
    expect(sample.data).toEqual([26, 28, 50, 1440, 771, 168, 832]);
  });

  it('answers a JSON 404 for an unknown switch and 400 for an unsupported parameter', async () => {
    const missing = await api.call(`${M}/NOPE/hardware-trends`);
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe('HPE_GL_ERROR_NOT_FOUND');
    const bad = await api.call(`${M}/SGDF2411V6/hardware-trends?start=1`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errorCode: 'HPE_GL_NETWORKING_ERROR_INVALID_QUERY_PARAMETER',
      message: 'Unknown query parameter: start',
    });
  });
});

describe('GET switches/{serial}/interface-trends and topn-interface-trends', () => {
  it('top-N ranks access ports by the bytes interface-trends reports for them', async () => {
    const top = (await api.get(`${M}/topn-interface-trends?site-id=5563304806`)).response;
    expect(top.count).toBe(top.items.length);
    expect(top.items.length).toBeGreaterThan(1);
    const totals = top.items.map(
      (i: { rxBytes: number; txBytes: number }) => i.rxBytes + i.txBytes,
    );
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    for (const item of top.items) expect(item.siteId).toBe('5563304806');
    const first = top.items[0] as { serial: string; name: string; rxBytes: number };
    const one = (await api.get(`${M}/${first.serial}/interface-trends?interface-id=${first.name}`))
      .response;
    expect(one).toMatchObject({ id: first.serial, interfaceId: first.name, uplink: false });
    expect(one.keys).toEqual(['rxBytes', 'txBytes']);
    expect(one.samples[0].data[0]).toBe(first.rxBytes);
    // The port carries a client of that switch (the bytes are its clients' usage).
    const clients = (await api.get('/network-monitoring/v1/clients?limit=1000')).items as {
      connectedDeviceSerial: string;
      port?: string;
    }[];
    expect(
      clients.some((c) => c.connectedDeviceSerial === first.serial && c.port === first.name),
    ).toBe(true);
  });

  it('defaults to the uplink, and answers 404 for an unknown interface', async () => {
    const up = (await api.get(`${M}/SGDF2411V6/interface-trends`)).response;
    expect(up.uplink).toBe(true);
    const missing = await api.call(`${M}/SGDF2411V6/interface-trends?interface-id=9/9/99`);
    expect(missing.status).toBe(404);
  });
});
