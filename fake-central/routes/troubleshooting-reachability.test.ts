import { describe, expect, it } from 'vitest';
import { useTempFake } from '../../test/helpers/temp-bundle.js';

const ctx = useTempFake({
  'aps.json': [{ serialNumber: 'AP0001', status: 'ONLINE', siteId: 's1', ipv4: '10.1.0.11' }],
  'switches.json': [
    { serialNumber: 'CX0001', status: 'Online', switchType: 'AOS-CX', siteId: 's1' },
    { serialNumber: 'AS0001', status: 'Online', switchType: 'AOS-S', siteId: 's1' },
  ],
  'gateways.json': [
    { serialNumber: 'GW0001', status: 'Online', siteId: 's1', ipAddress: '10.1.0.1' },
  ],
});

const T = '/network-troubleshooting/v1';

interface Reply {
  status: number;
  // Each test's output differs; the assertions pin them.
  body: Record<string, unknown>;
}

async function api(path: string, body?: unknown): Promise<Reply> {
  const res = await fetch(`${ctx.fake.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Starts a test and returns its finished poll body. */
async function run(path: string, body: unknown): Promise<Record<string, unknown>> {
  const start = await api(path, body);
  expect(start.status, JSON.stringify(start.body)).toBe(202);
  const poll = await api(String(start.body.location));
  expect(poll.status).toBe(200);
  expect(poll.body).toMatchObject({ status: 'COMPLETED', progressPercent: 100 });
  return poll.body;
}

const output = (poll: Record<string, unknown>): Record<string, unknown> =>
  poll.output as Record<string, unknown>;

describe('reachability and throughput tests', () => {
  it('AP http/https report the URL and download figures as strings', async () => {
    for (const test of ['http', 'https']) {
      const out = output(await run(`${T}/aps/AP0001/${test}`, { url: 'www.example.com' }));
      expect(Object.keys(out).sort()).toEqual(['downloadBytesInKB', 'downloadRateInKbps', 'url']);
      expect(out.url).toBe('www.example.com');
      expect(out.downloadRateInKbps).toMatch(/^\d+$/);
    }
  });

  it('AP tcp and speedtest echo the request; a repeat after reset gives the same bytes', async () => {
    const tcp = await run(`${T}/aps/AP0001/tcp`, { host: 'h.example', port: 443 });
    expect(output(tcp)).toEqual({
      host: 'h.example',
      connectionTimeInMilliseconds: expect.stringMatching(/^\d+\.\d{3}$/),
    });
    const body = { iperfServerAddress: '192.0.2.9', protocol: 'udp', secondsToMeasure: 4 };
    const speed = output(await run(`${T}/aps/AP0001/speedtest`, body));
    expect(speed).toMatchObject({
      iperfServerAddress: '192.0.2.9',
      protocol: 'udp',
      intervalInSeconds: '4',
    });
    // Bytes are the bandwidth over the measured seconds.
    expect(Number(speed.downstreamBytes)).toBe(
      Math.round((Number(speed.downstreamBandwidthInMbps) * 1e6 * 4) / 8),
    );
    ctx.fake.reset();
    expect(output(await run(`${T}/aps/AP0001/speedtest`, body))).toEqual(speed);
  });

  it('CX http answers integer results; the AOS-S switch has no http test', async () => {
    const out = output(await run(`${T}/cx/CX0001/http`, { destination: 'www.example.com' }));
    const results = out.results as Record<string, unknown>;
    expect(out.destination).toBe('www.example.com');
    expect(results.packetsTransmitted).toBe(3);
    expect(results.minimumRttInMilliseconds).toBeLessThanOrEqual(
      Number(results.maximumRttInMilliseconds),
    );
    expect((await api(`${T}/aos-s/AS0001/http`, { destination: 'x' })).status).toBe(404);
    expect((await api(`${T}/cx/CX0001/https`, { url: 'x' })).status).toBe(404);
  });

  it('gateway http/https/iperf give raw output only on request', async () => {
    const plain = await run(`${T}/gateways/GW0001/https`, { url: 'www.example.com', count: 2 });
    expect(output(plain).responses).toHaveLength(2);
    expect(plain).not.toHaveProperty('rawOutput');
    const withRaw = await run(`${T}/gateways/GW0001/http`, { url: 'u', includeRawOutput: true });
    expect(withRaw.rawOutput).toContain('1: u 200');
    const iperf = await run(`${T}/gateways/GW0001/iperf`, {
      iperfServerAddress: '192.0.2.7',
      duration: 10,
      includeRawOutput: true,
    });
    const metrics = output(iperf).metrics as { transferSizeInBytes: string }[];
    expect(metrics).toHaveLength(10);
    expect(output(iperf).totalTransferredBytesFromSender).toBe(
      String(metrics.reduce((s, m) => s + Number(m.transferSizeInBytes), 0)),
    );
    expect(iperf.rawOutput).toContain('bits/sec');
  });

  it('gateway pingSweep has one bucket per size, count echoes each', async () => {
    const out = output(
      await run(`${T}/gateways/GW0001/pingSweep`, {
        destination: '1.1.1.1',
        count: 2,
        startPacketSize: 10,
        endPacketSize: 50,
        sweepInterval: 10,
      }),
    );
    const buckets = out.responses as { count: string; replies: { size: string }[] }[];
    expect(buckets.map((b) => b.replies.map((r) => r.size))).toEqual(
      ['10', '20', '30', '40', '50'].map((s) => [s, s]),
    );
    expect(out).toMatchObject({ transmittedPacketsCount: '10', receivedPacketsCount: '10' });
  });

  it.each([
    ['aps/AP0001/http', {}, 'url is required'],
    ['aps/AP0001/tcp', { host: 'h' }, 'port is required'],
    ['aps/AP0001/tcp', { host: 'h', port: 70000 }, 'port must be between 1 and 65535'],
    ['aps/AP0001/speedtest', { iperfServerAddress: 'a', omit: 9 }, 'omit must be between 1 and 5'],
    ['gateways/GW0001/iperf', { iperfServerAddress: 'a', protocol: 'sctp' }, 'one of tcp, udp'],
    ['cx/CX0001/http', { destination: 'd', protocol: 'FTP' }, 'one of HTTP, HTTPS'],
    [
      'gateways/GW0001/pingSweep',
      { destination: 'd', startPacketSize: 50, endPacketSize: 10, sweepInterval: 5 },
      'must not be below startPacketSize',
    ],
  ])('POST %s %j → 400 naming the field', async (path, body, message) => {
    const reply = await api(`${T}/${path}`, body);
    expect(reply.status).toBe(400);
    expect(String(reply.body.message)).toContain(message);
  });
});
