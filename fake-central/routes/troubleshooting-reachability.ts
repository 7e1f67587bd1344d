import { createHash } from 'node:crypto';
import { badRequest } from '../api-error.js';
import { text } from '../json.js';
import type { Item } from '../types.js';
import type { TestInput, TestResult } from './troubleshooting-defaults.js';

/**
 * Results of the reachability and throughput tests (HTTP/HTTPS fetches, TCP connect, AP speed
 * test, gateway iperf and ping sweep), built from the request and the device so the same start
 * gives the same poll after reset(). Field names and types are the poll schemas of the
 * troubleshooting document (SPEC.md §8): every figure is a string except in CX HTTP, whose
 * results and statistics are integers.
 */

function seed(value: string): number {
  return parseInt(createHash('sha256').update(value).digest('hex').slice(0, 8), 16);
}

/** A figure between lo and hi, the same for the same device, test and key. */
function figure(input: TestInput, key: string, lo: number, hi: number): number {
  const n = seed(`${text(input.device.serialNumber)}:${input.action}:${key}`);
  return lo + (n % Math.max(1, hi - lo + 1));
}

const ms = (input: TestInput, key: string, lo: number, hi: number): string =>
  (figure(input, key, lo * 100, hi * 100) / 100).toFixed(3);

function resolveHost(name: string): string {
  const host = name.replace(/^https?:\/\//, '').split('/')[0] ?? name;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ? host : `203.0.113.${(seed(host) % 254) + 1}`;
}

const raw = (input: TestInput, lines: string[]): string | null =>
  input.body.includeRawOutput === true ? lines.join('\n') + '\n' : null;

function apFetch(input: TestInput): TestResult {
  const url = text(input.body.url);
  const kb = figure(input, 'kb', 40, 900);
  const rate = figure(input, 'rate', 20_000, 180_000);
  return {
    output: { url, downloadBytesInKB: String(kb), downloadRateInKbps: String(rate) },
    failReason: null,
    rawOutput: null,
  };
}

function cxFetch(input: TestInput): TestResult {
  const destination = text(input.body.destination);
  const rtt = [0, 1, 2].map((i) => figure(input, `rtt${i}`, 4, 40)).sort((a, b) => a - b);
  const [min = 0, mid = 0, max = 0] = rtt;
  const zero = (names: string[]): Item => Object.fromEntries(names.map((n) => [n, 0]));
  return {
    output: {
      destination,
      results: {
        averageRttInMilliseconds: mid,
        dnsError: 0,
        dnsRttInMilliseconds: figure(input, 'dns', 1, 12),
        httpError: 0,
        httpTransactionRttInMilliseconds: max + figure(input, 'http', 5, 60),
        maximumRttInMilliseconds: max,
        minimumRttInMilliseconds: min,
        packetsReceived: 3,
        packetsTransmitted: 3,
        resolvedIp: resolveHost(destination),
      },
      statistics: {
        ...zero([
          'bindError',
          'destinationAddressUnreachableCount',
          'dnsResolutionFailures',
          'probesTimedOut',
          'socketReceiveError',
          'transmissionError',
        ]),
        probesTransmitted: 3,
      },
    },
    failReason: null,
    rawOutput: null,
  };
}

function gatewayFetch(input: TestInput): TestResult {
  const url = text(input.body.url);
  const count = typeof input.body.count === 'number' ? input.body.count : 5;
  const responses = Array.from({ length: count }, (_, i) => ({
    downloadRate: String(figure(input, `rate${i}`, 2_000, 90_000)),
    responseBytes: String(figure(input, 'bytes', 800, 60_000)),
    responseCode: '200',
    responseNumber: String(i + 1),
    responseTimeMilliseconds: ms(input, `t${i}`, 8, 120),
  }));
  const times = responses.map((r) => Number(r.responseTimeMilliseconds)).sort((a, b) => a - b);
  const avg = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
  return {
    output: {
      url,
      sentPacketsCount: String(count),
      receivedPacketsCount: String(count),
      successRatePercent: '100',
      minimumLatencyMilliseconds: (times[0] ?? 0).toFixed(3),
      averageLatencyMilliseconds: avg.toFixed(3),
      maximumLatencyMilliseconds: (times[times.length - 1] ?? 0).toFixed(3),
      responses,
    },
    failReason: null,
    rawOutput: raw(
      input,
      responses.map(
        (r) => `${r.responseNumber}: ${url} ${r.responseCode} ${r.responseTimeMilliseconds} ms`,
      ),
    ),
  };
}

function http(input: TestInput): TestResult {
  if (input.type === 'cx') return cxFetch(input);
  return input.type === 'gateways' ? gatewayFetch(input) : apFetch(input);
}

function tcp(input: TestInput): TestResult {
  return {
    output: {
      host: text(input.body.host),
      connectionTimeInMilliseconds: ms(input, 'connect', 2, 60),
    },
    failReason: null,
    rawOutput: null,
  };
}

function speedtest(input: TestInput): TestResult {
  const { body } = input;
  const seconds = typeof body.secondsToMeasure === 'number' ? body.secondsToMeasure : 10;
  const down = figure(input, 'down', 150, 900);
  const up = figure(input, 'up', 80, 600);
  const bytes = (mbps: number): string => String(Math.round((mbps * 1e6 * seconds) / 8));
  const udp = body.protocol === 'udp';
  return {
    output: {
      iperfServerAddress: text(body.iperfServerAddress),
      protocol: udp ? 'udp' : 'tcp',
      serverPort: String(typeof body.serverPort === 'number' ? body.serverPort : 5201),
      intervalInSeconds: String(seconds),
      downstreamBandwidthInMbps: String(down),
      downstreamBytes: bytes(down),
      downstreamRetries: udp ? '0' : String(figure(input, 'dretry', 0, 12)),
      downstreamJitter: udp ? ms(input, 'djitter', 0, 3) : '0',
      downstreamLostPackets: '0',
      downstreamDatagrams: udp ? String(figure(input, 'ddgram', 1000, 90_000)) : '0',
      upstreamBandwidthInMbps: String(up),
      upstreamBytes: bytes(up),
      upstreamRetries: udp ? '0' : String(figure(input, 'uretry', 0, 12)),
      upstreamJitter: udp ? ms(input, 'ujitter', 0, 3) : '0',
      upstreamLostPackets: '0',
      upstreamDatagrams: udp ? String(figure(input, 'udgram', 1000, 90_000)) : '0',
    },
    failReason: null,
    rawOutput: null,
  };
}

function iperf(input: TestInput): TestResult {
  const { body } = input;
  const duration = typeof body.duration === 'number' ? body.duration : 10;
  const metrics = Array.from({ length: duration }, (_, i) => {
    const bps = figure(input, `bps${i}`, 200_000_000, 900_000_000);
    return {
      id: String(i + 1),
      intervalInSeconds: `${i}.00-${i + 1}.00`,
      transferSizeInBytes: String(Math.round(bps / 8)),
      bandwidthInbps: String(bps),
    };
  });
  const sent = metrics.reduce((s, m) => s + Number(m.transferSizeInBytes), 0);
  const received = sent - figure(input, 'lost', 0, 40_000);
  return {
    output: {
      iperfServerAddress: text(body.iperfServerAddress),
      metrics,
      senderBandwidth: String(Math.round((sent * 8) / duration)),
      receiverBandwidth: String(Math.round((received * 8) / duration)),
      totalTransferredBytesFromSender: String(sent),
      totalTransferredBytesFromReceiver: String(received),
    },
    failReason: null,
    rawOutput: raw(
      input,
      metrics.map(
        (m) =>
          `[  5] ${m.intervalInSeconds} sec ${m.transferSizeInBytes} B ${m.bandwidthInbps} bits/sec`,
      ),
    ),
  };
}

/** Sizes from start to end, one bucket per size, `count` echoes each (none time out). */
function pingSweep(input: TestInput): TestResult {
  const { body } = input;
  const start = Number(body.startPacketSize);
  const end = Number(body.endPacketSize);
  const step = Math.max(1, Number(body.sweepInterval));
  const count = typeof body.count === 'number' ? body.count : 5;
  if (body.packetSize !== undefined) {
    throw badRequest('Validation errors - packetSize is not allowed: use startPacketSize');
  }
  if (end < start) {
    throw badRequest(
      `Validation errors - endPacketSize (${end}) must not be below startPacketSize (${start})`,
    );
  }
  const sizes: number[] = [];
  for (let s = start; s <= end && sizes.length < 100; s += step) sizes.push(s);
  let id = 0;
  const responses = sizes.map((size) => ({
    count: String(count),
    replies: Array.from({ length: count }, () => ({
      requestId: String(++id),
      size: String(size),
      timedOut: false,
    })),
  }));
  const rtt = [0, 1, 2].map((i) => Number(ms(input, `rtt${i}`, 1, 9))).sort((a, b) => a - b);
  return {
    output: {
      destination: text(body.destination),
      successRate: '100',
      transmittedPacketsCount: String(id),
      receivedPacketsCount: String(id),
      minimumRoundTripTimeMilliseconds: (rtt[0] ?? 0).toFixed(3),
      averageRoundTripTimeMilliseconds: (rtt[1] ?? 0).toFixed(3),
      maximumRoundTripTimeMilliseconds: (rtt[2] ?? 0).toFixed(3),
      responses,
    },
    failReason: null,
    rawOutput: null,
  };
}

/** Result builders of the reachability and throughput tests, by action name. */
export const REACHABILITY: Record<string, (input: TestInput) => TestResult> = {
  http,
  https: http,
  tcp,
  speedtest,
  iperf,
  pingSweep,
};
