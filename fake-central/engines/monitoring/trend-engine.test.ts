import { describe, expect, it } from 'vitest';
import { useFakeApi } from '../../../test/helpers/fake-api.js';

const api = useFakeApi({ fixture: 'site-a' });
const M = '/network-monitoring/v1';

describe('trend engine', () => {
  it("covers the bundle's last 3 hours every 5 minutes and ends at the device's current figure", async () => {
    const ap = await api.get(`${M}/aps/CNKFAEL9TV`);
    const trend = await api.get(`${M}/aps/CNKFAEL9TV/cpu-utilization-trends`);
    expect(trend).toMatchObject({ id: 'CNKFAEL9TV', metric: 'cpu-utilization' });
    const { keys, samples, samplingIntervalInMinutes } = trend.graph;
    expect(keys).toEqual(['cpuUtilization']);
    expect(samplingIntervalInMinutes).toBe(5);
    expect(samples).toHaveLength(36);
    expect(samples.at(-1)).toEqual({
      timestamp: '2026-03-02T12:00:00.000Z',
      data: [ap.cpuUtilization],
    });
    expect(samples[0].timestamp).toBe('2026-03-02T09:05:00.000Z');
    for (const s of samples) expect(s.data[0]).toBeGreaterThanOrEqual(0);
  });

  it('is deterministic, per sub-resource, and 404s an unknown device or cluster', async () => {
    const a = await api.get(`${M}/gateways/CNH0S3RJ2N/ports/1/throughput-trends`);
    const b = await api.get(`${M}/gateways/CNH0S3RJ2N/ports/2/throughput-trends`);
    api.fake.reset();
    expect(await api.get(`${M}/gateways/CNH0S3RJ2N/ports/1/throughput-trends`)).toEqual(a);
    expect(a.graph.samples).not.toEqual(b.graph.samples);
    expect(a.graph.keys).toEqual(['tx', 'rx']);
    expect((await api.call(`${M}/gateways/NOPE/cpu-utilization-trends`)).status).toBe(404);
    expect((await api.call(`${M}/clusters/no-such-cluster/capacity-trends`)).status).toBe(404);
    expect((await api.call(`${M}/clusters/OAK-Warehouse-gw-cluster/capacity-trends`)).status).toBe(
      200,
    );
  });

  it('answers an unknown WLAN with the usual timestamps and null values, named as the document names it', async () => {
    const known = await api.get(`${M}/wlans/Corp-Secure/throughput-trends`);
    expect(known).toMatchObject({
      id: 'wlans/Corp-Secure',
      metric: 'wlan_throughput',
      type: 'network-monitoring/access-point-monitoring',
    });
    for (const s of known.graph.samples)
      expect(s.data.every((v: unknown) => typeof v === 'number')).toBe(true);
    const res = await api.call(`${M}/wlans/no-such-wlan/throughput-trends`);
    expect(res.status).toBe(200);
    const unknown = res.body;
    expect(unknown.id).toBe('wlans/no-such-wlan');
    expect(unknown.graph.samples.map((s: { timestamp: string }) => s.timestamp)).toEqual(
      known.graph.samples.map((s: { timestamp: string }) => s.timestamp),
    );
    for (const s of unknown.graph.samples) expect(s.data).toEqual([null, null]);
    // WLAN details of an unknown name stay a 404.
    expect((await api.call(`${M}/wlans/no-such-wlan`)).status).toBe(404);
  });
});
