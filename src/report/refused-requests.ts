import type { CallRecord, RefusalRule } from '../../fake-central/index.js';

/** Requests of one documented operation the fake refused for one rule at one place during a run. */
export interface RefusedRequestFinding {
  /** The documented operation: `POST /network-config/v1alpha1/wlan-ssids/{ssid}`. */
  operation: string;
  rule: RefusalRule;
  /** `body:/opmode`, `query:bogus-param` or `path:site-id`. */
  at: string;
  /** The error body's message (of the first such request). */
  message: string;
  count: number;
}

/**
 * Requests the fake refused as the real API would (they break a rule of HPE's documents),
 * grouped by operation, place and rule in order of first appearance: the server sent something
 * the API does not accept, so the run measured a failure the live API would give.
 */
export function refusedRequests(records: readonly CallRecord[]): RefusedRequestFinding[] {
  const seen = new Map<string, RefusedRequestFinding>();
  for (const r of records) {
    if (r.refused === undefined) continue;
    const { operation, rule, at, message } = r.refused;
    const key = `${operation}\u0000${at}\u0000${rule}`;
    const hit = seen.get(key);
    if (hit) hit.count += 1;
    else seen.set(key, { operation, rule, at, message, count: 1 });
  }
  return [...seen.values()];
}

/** Sums one scenario's runs' findings per operation, place and rule (first message kept). */
export function mergeRefused(
  into: Map<string, RefusedRequestFinding>,
  list: readonly RefusedRequestFinding[],
): void {
  for (const f of list) {
    const key = `${f.operation}\u0000${f.at}\u0000${f.rule}`;
    const hit = into.get(key);
    if (hit) hit.count += f.count;
    else into.set(key, { ...f });
  }
}

/** `POST /network-config/v1alpha1/wlan-ssids/{ssid} ×5 (/opmode must be one of OPEN, …)`. */
export function refusedLines(list: readonly RefusedRequestFinding[]): string[] {
  return list.map((f) => `${f.operation}${f.count > 1 ? ` ×${f.count}` : ''} (${f.message})`);
}
