import type { Report, RunResult, ServerReport } from '../report/types.js';

// Report content other parts of the harness add in the same release (per-call outcomes, model
// usage and cost, discoverability). Older reports lack it, so it is read through guards and shown
// only where present: absent content is left out, never shown as zero.

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Tool calls of one server by outcome, over every run (runs[].calls). */
export interface CallOutcomes {
  server: string;
  /** Every planned call (entries of runs[].calls). */
  planned: number;
  ok: number;
  error: number;
  protocol_error: number;
  /** The run had stopped before the call. */
  not_executed: number;
}

function runsOf(report: Report, server: string): RunResult[] {
  return report.scenarios.flatMap((s) =>
    s.results.filter((r) => r.server === server).flatMap((r) => r.runs),
  );
}

/** Per server, its tool calls by outcome; empty when no run of the report records its calls. */
export function callOutcomes(report: Report): CallOutcomes[] {
  const rows = report.servers.map((s) => {
    const row: CallOutcomes = {
      server: s.name,
      planned: 0,
      ok: 0,
      error: 0,
      protocol_error: 0,
      not_executed: 0,
    };
    let seen = false;
    for (const run of runsOf(report, s.name)) {
      const calls = (run as { calls?: unknown }).calls;
      if (!Array.isArray(calls)) continue;
      seen = true;
      for (const call of calls) {
        const outcome = isObject(call) ? call.outcome : undefined;
        row.planned += 1;
        if (
          outcome === 'ok' ||
          outcome === 'error' ||
          outcome === 'protocol_error' ||
          outcome === 'not_executed'
        ) {
          row[outcome] += 1;
        }
      }
    }
    return seen ? row : null;
  });
  return rows.every((r) => r === null)
    ? []
    : rows.map(
        (r, i) =>
          r ?? {
            server: report.servers[i]?.name ?? '',
            planned: 0,
            ok: 0,
            error: 0,
            protocol_error: 0,
            not_executed: 0,
          },
      );
}

/** Provider-reported model usage (measured) and its cost (computed) of one server. */
export interface ModelUsage {
  server: string;
  /** Runs with provider-reported usage. */
  runs: number;
  tokens: number;
  /** USD summed over the runs that had a price; null when none had. */
  cost_usd: number | null;
}

/** Per server, the model usage of LLM or replay runs; empty for scripted reports. */
export function modelUsage(report: Report): ModelUsage[] {
  const rows = report.servers.map((s) => {
    const row: ModelUsage = { server: s.name, runs: 0, tokens: 0, cost_usd: null };
    for (const run of runsOf(report, s.name)) {
      const extra = run as { provider_usage?: unknown; cost_usd?: unknown };
      const usage = isObject(extra.provider_usage) ? num(extra.provider_usage.total) : null;
      if (usage === null) continue;
      row.runs += 1;
      row.tokens += usage;
      const cost = num(extra.cost_usd);
      if (cost !== null) row.cost_usd = (row.cost_usd ?? 0) + cost;
    }
    return row;
  });
  return rows.some((r) => r.runs > 0) ? rows : [];
}

/** A server's discoverability summary (recall of the expected tools from the intent, no model). */
export interface ServerFindability {
  recall_at_1: number;
  recall_at_5: number;
  mrr: number;
}

/** servers[].discoverability when present and well-formed, else null. */
export function findability(server: ServerReport): ServerFindability | null {
  const d = (server as { discoverability?: unknown }).discoverability;
  if (!isObject(d)) return null;
  const r1 = num(d.recall_at_1);
  const r5 = num(d.recall_at_5);
  const mrr = num(d.mrr);
  return r1 === null || r5 === null || mrr === null
    ? null
    : { recall_at_1: r1, recall_at_5: r5, mrr };
}
