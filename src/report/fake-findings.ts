import type { CallRecord } from '../../fake-central/index.js';
import type { Trajectory } from '../trajectory/types.js';
import { codeSpan } from './markdown-escape.js';
import { mergeRefused, refusedLines, type RefusedRequestFinding } from './refused-requests.js';
import type { Report, SwallowedError, UnroutedRequest } from './types.js';

/**
 * Requests the fake has no route for (its route-miss 404, or 405), grouped by method and path in
 * order of first appearance: a gap in the fake, or a server calling an endpoint that does not
 * exist. Either way the benchmark measured something other than the server's work, so it shows.
 */
export function unroutedRequests(
  records: readonly Pick<CallRecord, 'method' | 'path' | 'status' | 'unrouted'>[],
): UnroutedRequest[] {
  const seen = new Map<string, UnroutedRequest>();
  for (const r of records) {
    if (r.unrouted !== true) continue;
    const key = `${r.method} ${r.path}`;
    const hit = seen.get(key);
    if (hit) hit.count += 1;
    else seen.set(key, { method: r.method, path: r.path, status: r.status, count: 1 });
  }
  return [...seen.values()];
}

/**
 * Tool calls whose result did not say it failed (no `isError`, no protocol error) while the
 * fake's last answer to one of the call's requests was 4xx/5xx. Per distinct method and path the
 * last answer counts, so a retried 429 or a refreshed 401 that then succeeded is not swallowed.
 * Needs the calls' `logSeq` ranges (scripted and LLM runs record them).
 */
export function swallowedErrors(
  trajectory: Trajectory,
  records: readonly CallRecord[],
): SwallowedError[] {
  const out: SwallowedError[] = [];
  trajectory.calls.forEach((call, index) => {
    const range = call.logSeq;
    if (!range || call.outcome.isError || call.outcome.protocolError !== undefined) return;
    const last = new Map<string, CallRecord>();
    for (const r of records) {
      if (r.seq <= range.after || r.seq > range.through || r.kind === 'auth') continue;
      last.set(`${r.method} ${r.path}`, r);
    }
    const failed = [...last.values()].filter((r) => r.status >= 400);
    if (failed.length === 0) return;
    out.push({
      tool: call.name,
      call: index + 1,
      requests: failed.map((r) => `${r.method} ${r.path} → ${r.status}`),
    });
  });
  return out;
}

/** `GET /network-monitoring/v1/radios ×3` lines for a run's unrouted requests. */
export function unroutedLines(list: readonly UnroutedRequest[]): string[] {
  return list.map((u) => `${u.method} ${u.path}${u.count > 1 ? ` ×${u.count}` : ''}`);
}

/** `get_radios (call 2): GET /… → 404` lines for a run's swallowed errors. */
export function swallowedLines(list: readonly SwallowedError[]): string[] {
  return list.map((s) => `${s.tool} (call ${s.call}): ${s.requests.join(', ')}`);
}

/** One server × scenario's fake findings over its runs (unrouted counts summed). */
export interface ScenarioFakeFindings {
  server: string;
  scenario: string;
  unrouted: UnroutedRequest[];
  /** Requests refused as the real API would (HPE's documents forbid them), counts summed. */
  refused: RefusedRequestFinding[];
  swallowed: SwallowedError[];
  /** Runs with at least one swallowed error, of the runs scored. */
  swallowedRuns: number;
  runs: number;
}

/** Every server × scenario with a route miss, a refused request or a swallowed error, in report order. Pure. */
export function collectFakeFindings(report: Report): ScenarioFakeFindings[] {
  const out: ScenarioFakeFindings[] = [];
  for (const scenario of report.scenarios) {
    for (const result of scenario.results) {
      const unrouted = new Map<string, UnroutedRequest>();
      const refused = new Map<string, RefusedRequestFinding>();
      const swallowed: SwallowedError[] = [];
      let swallowedRuns = 0;
      for (const run of result.runs) {
        for (const u of run.unrouted_requests ?? []) {
          const key = `${u.method} ${u.path}`;
          const hit = unrouted.get(key);
          if (hit) hit.count += u.count;
          else unrouted.set(key, { ...u });
        }
        mergeRefused(refused, run.refused_requests ?? []);
        if ((run.swallowed_errors ?? []).length > 0) swallowedRuns += 1;
        for (const s of run.swallowed_errors ?? []) {
          if (
            !swallowed.some((x) => x.tool === s.tool && x.requests.join() === s.requests.join())
          ) {
            swallowed.push(s);
          }
        }
      }
      if (unrouted.size === 0 && refused.size === 0 && swallowed.length === 0) continue;
      out.push({
        server: result.server,
        scenario: scenario.id,
        unrouted: [...unrouted.values()],
        refused: [...refused.values()],
        swallowed,
        swallowedRuns,
        runs: result.runs.length,
      });
    }
  }
  return out;
}

/**
 * The markdown lines summary.md and the PR comment show: per server and scenario, the requests
 * the fake does not serve and the tool results that hid a 4xx/5xx.
 */
export function fakeFindingLines(report: Report): string[] {
  const lines: string[] = [];
  for (const f of collectFakeFindings(report)) {
    const who = `${codeSpan(f.server)} ${codeSpan(f.scenario)}`;
    if (f.unrouted.length > 0) {
      lines.push(
        `${who}: requests the fake does not serve: ${unroutedLines(f.unrouted).map(codeSpan).join(', ')}`,
      );
    }
    if (f.refused.length > 0) {
      lines.push(
        `${who}: requests the API would refuse: ${refusedLines(f.refused).map(codeSpan).join(', ')}`,
      );
    }
    if (f.swallowed.length > 0) {
      lines.push(
        `${who}: swallowed errors in ${f.swallowedRuns} of ${f.runs} run${f.runs === 1 ? '' : 's'}: ${swallowedLines(f.swallowed).map(codeSpan).join(', ')}`,
      );
    }
  }
  return lines;
}
