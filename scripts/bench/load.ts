import type { Dispatcher } from 'undici';

/** One load run: requests per second and latency percentiles. */
export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  bodyBytes: number;
}

/** What to send: one GET repeated, over a dispatcher that owns the keep-alive connections. */
export interface LoadSpec {
  dispatcher: Dispatcher;
  origin: string;
  path: string;
  /** When set, request i goes to paths[i % length] (a walk through pages) instead of `path`. */
  paths?: string[];
  headers?: Record<string, string>;
  requests: number;
  concurrency: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/**
 * Sends `requests` GETs with `concurrency` in flight at all times and measures throughput and
 * per-request latency. Any status other than 200 aborts the run: a bench of errors is no bench.
 */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  let bodyBytes = 0;
  const worker = async (): Promise<void> => {
    while (issued < spec.requests) {
      const path = spec.paths ? (spec.paths[issued % spec.paths.length] ?? spec.path) : spec.path;
      issued += 1;
      const started = performance.now();
      const res = await spec.dispatcher.request({
        origin: spec.origin,
        path,
        method: 'GET',
        headers: spec.headers ?? {},
      });
      const body = Buffer.from(await res.body.arrayBuffer());
      latencies.push(performance.now() - started);
      if (res.statusCode !== 200) {
        throw new Error(
          `${spec.origin}${path} answered ${res.statusCode}: ${body.toString().slice(0, 200)}`,
        );
      }
      bodyBytes = body.length;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    bodyBytes,
  };
}
