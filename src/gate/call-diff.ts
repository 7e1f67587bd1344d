import { endpointTemplate } from '../report/endpoint-template.js';
import type { Report, RunRequest, RunResult } from '../report/types.js';
import { pairKey, scenarioIndex } from './rule-kit.js';
import type { EndpointDiff, Regression, ScenarioCallDiff } from './types.js';

export { endpointTemplate };

interface Tally {
  count: number;
  params: Map<string, string[]>;
}

function tally(requests: readonly RunRequest[]): Map<string, Tally> {
  const out = new Map<string, Tally>();
  for (const r of requests) {
    if (r.kind === 'auth') continue;
    const key = endpointTemplate(r.method, r.path);
    const entry = out.get(key) ?? { count: 0, params: new Map<string, string[]>() };
    entry.count++;
    for (const [name, value] of Object.entries(r.query ?? {})) {
      const values = entry.params.get(name) ?? [];
      const text = Array.isArray(value) ? value.join(',') : value;
      if (!values.includes(text)) values.push(text);
      entry.params.set(name, values);
    }
    out.set(key, entry);
  }
  return out;
}

/** Endpoint by endpoint: what one run of the baseline called against one run of the PR. */
export function diffRequests(
  before: readonly RunRequest[],
  after: readonly RunRequest[],
): EndpointDiff[] {
  const was = tally(before);
  const now = tally(after);
  const diffs: EndpointDiff[] = [];
  for (const endpoint of [...new Set([...was.keys(), ...now.keys()])].sort()) {
    const a = was.get(endpoint);
    const b = now.get(endpoint);
    const names = [...new Set([...(a?.params.keys() ?? []), ...(b?.params.keys() ?? [])])].sort();
    const params = names.flatMap((name) => {
      const x = (a?.params.get(name) ?? []).join(', ') || '—';
      const y = (b?.params.get(name) ?? []).join(', ') || '—';
      return x === y ? [] : [{ name, before: x, after: y }];
    });
    if ((a?.count ?? 0) !== (b?.count ?? 0) || params.length > 0)
      diffs.push({ endpoint, before: a?.count ?? 0, after: b?.count ?? 0, params });
  }
  return diffs;
}

/** The first run of a result that has its requests (runs are kept in run order). */
const firstScored = (runs: readonly RunResult[]): RunResult | undefined =>
  runs.find((r) => r.requests !== undefined);

/**
 * For every scenario a regression names, the call diff of its first run in the baseline and in
 * the PR: which endpoints were called more or less, and which query parameters changed.
 */
export function callDiffs(
  report: Report,
  base: Report | null,
  regressions: readonly Regression[],
): ScenarioCallDiff[] {
  if (!base) return [];
  const before = scenarioIndex(base);
  const after = scenarioIndex(report);
  const seen = new Set<string>();
  const out: ScenarioCallDiff[] = [];
  for (const r of regressions) {
    if (!r.where.startsWith('scenario:')) continue;
    const id = r.where.slice('scenario:'.length);
    const key = pairKey(r.server, id);
    if (seen.has(key)) continue;
    seen.add(key);
    const old = firstScored(before.get(key)?.result.runs ?? []);
    const cur = firstScored(after.get(key)?.result.runs ?? []);
    if (!old?.requests || !cur?.requests) continue;
    const endpoints = diffRequests(old.requests, cur.requests);
    if (endpoints.length > 0) out.push({ scenario: id, server: r.server, endpoints });
  }
  return out;
}

/** `GET /x ×1 → ×8 · limit 1000 → 20`. */
export function describeEndpointDiff(d: EndpointDiff): string {
  const count = d.before === d.after ? `×${d.after}` : `×${d.before} → ×${d.after}`;
  const params = d.params.map((p) => `${p.name} ${p.before} → ${p.after}`);
  return [`${d.endpoint} ${count}`, ...params].join(' · ');
}
