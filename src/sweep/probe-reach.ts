import type { CallRecord } from '../../fake-central/index.js';
import type { SweepErrorProbe, SweepToolResult } from '../report/sweep-types.js';

/**
 * Whether a read tool's plain call earns the API-error probes (probe-errors.ts). An `ok` tool
 * does; so does one whose plain call reached the fake — at least one API call, every one
 * answered 2xx — and came back with nothing the sweep can compare (`no-data`: a config profile
 * whose only identifying value is the SSID it was asked for; `empty`). Such a tool's error
 * branch is as reachable as an `ok` one's, and an error swallowed into `{}` there was invisible
 * while only `ok` tools were probed (the bench:gate plant py-wlan-config-swallowed).
 */
export function errorProbeWorthy(entry: SweepToolResult): boolean {
  if (entry.outcome === 'ok') return true;
  if (entry.outcome !== 'no-data' && entry.outcome !== 'empty') return false;
  return entry.calls.length > 0 && entry.calls.every((c) => c.status >= 200 && c.status < 300);
}

/**
 * A probe's answer for a tool whose plain call served nothing comparable, which is not an error
 * or a timeout: `recovered` when an API request after the faulted one(s) succeeded and the answer
 * is exactly the plain one (the same digest): a retry, or a fault that hit a request the answer
 * did not need (karthik's background `sites-health` polls interleave with its tools' calls);
 * else `swallowed`. Without values to look for, the later success is the evidence: a server
 * that answers `[]` whether the API failed or not must not pass for one that recovered.
 */
export function unvaluedResult(
  entry: SweepToolResult,
  digest: string,
  records: readonly CallRecord[],
): SweepErrorProbe['result'] {
  const api = records.filter((r) => r.kind !== 'auth');
  const lastFault = api.findLastIndex((r) => r.fault !== undefined);
  const succeededAfter =
    lastFault >= 0 && api.slice(lastFault + 1).some((r) => r.status >= 200 && r.status < 300);
  return succeededAfter && digest === entry.digest ? 'recovered' : 'swallowed';
}
