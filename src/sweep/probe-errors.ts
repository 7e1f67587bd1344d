import { createHash } from 'node:crypto';
import type { FaultPlan } from '../../fake-central/index.js';
import { capResultText } from '../agent/result-cap.js';
import { resultText } from '../agent/result-text.js';
import type { SweepErrorProbe, SweepToolResult } from '../report/sweep-types.js';
import { digestOf, type CallContext } from './call-tool-twice.js';
import { classifyCall } from './classify-call.js';
import { unvaluedResult } from './probe-reach.js';

/**
 * Which tools of a server still get the 500 probe, shared by its bundles' sweeps. A 5xx costs a
 * resilient server one back-off before its retry (250 ms for both reference servers), so each
 * tool is probed with it once per server (on the first bundle it is probed on), not per bundle,
 * and at most MAX_SERVER_ERROR_PROBES tools of a menu are: the first by a hash of their names,
 * which spreads them over the menu's families (a tool added displaces at most one other).
 * Once a 500 probe timed out (a back-off longer than the call timeout: the server's HTTP client,
 * not one tool), no other tool of that server is 500-probed: each would wait it out too.
 */
export interface ServerErrorProbes {
  /** The tools the 500 probe may be made on (set from the first menu seen). */
  eligible: Set<string> | null;
  probed: Set<string>;
  /** The tool whose 500 probe timed out, after which no more were made. */
  stoppedAt: string | null;
}

/** At most this many tools of a menu are 500-probed (a menu of hundreds would wait minutes). */
export const MAX_SERVER_ERROR_PROBES = 32;

export const serverErrorProbes = (): ServerErrorProbes => ({
  eligible: null,
  probed: new Set(),
  stoppedAt: null,
});

const nameHash = (name: string): string => createHash('sha256').update(name).digest('hex');

/** The menu's tools the 500 probe may be made on: the first MAX_SERVER_ERROR_PROBES by hash. */
export function serverErrorEligible(menu: readonly string[]): Set<string> {
  const ranked = [...menu].map((name) => ({ name, hash: nameHash(name) }));
  ranked.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  return new Set(ranked.slice(0, MAX_SERVER_ERROR_PROBES).map((r) => r.name));
}

/**
 * The API errors a read tool is probed with. 403: its first API call. 500: its first two, so a
 * client that retries a 5xx once (the usual policy: both reference servers, after 250 ms) gets
 * the 500 again and its error branch runs; a client that retries more recovers (`recovered`).
 * A persistent 500 would cost such a client every back-off of its schedule, per tool.
 */
const PROBES: { status: 500 | 403; plan: FaultPlan }[] = [
  { status: 403, plan: { faults: [{ kind: 'client_error', status: 403, first: 1 }] } },
  { status: 500, plan: { faults: [{ kind: 'server_error', status: 500, first: 2 }] } },
];

/** What the answer to a probe said: the failure, the data after a retry, nothing, or no answer. */
function said(outcome: string): SweepErrorProbe['result'] {
  if (outcome === 'timeout') return 'timeout';
  if (outcome === 'error') return 'reported';
  return outcome === 'ok' ? 'recovered' : 'swallowed';
}

/**
 * Probes a read tool that was `ok`, or that reached the fake and served nothing comparable
 * (probe-reach.ts, errorProbeWorthy), with each of PROBES' errors (the 500 as `budget` allows).
 * The answer must say it failed (`reported`: isError, a protocol error or error text) or show the
 * data after a retry (`recovered`; for a tool without served values, its plain answer again
 * after a later API request succeeded); an answer that does neither — an empty list, "no devices found",
 * `{}` — hid the failure: `swallowed`; no answer within the call timeout is `timeout`. The fault
 * plan is cleared after each probe.
 */
export async function probeErrors(
  ctx: CallContext,
  entry: SweepToolResult,
  budget: ServerErrorProbes,
): Promise<SweepErrorProbe[]> {
  const probes: SweepErrorProbe[] = [];
  const args = entry.arguments ?? {};
  for (const { status, plan } of PROBES) {
    if (
      status === 500 &&
      (budget.stoppedAt !== null ||
        budget.probed.has(entry.tool) ||
        budget.eligible?.has(entry.tool) === false)
    )
      continue;
    const before = ctx.fake.calls().at(-1)?.seq ?? 0;
    ctx.fake.setFaults(plan);
    let outcome;
    try {
      outcome = await ctx.session.callTool({ name: entry.tool, arguments: args }, () => undefined);
    } finally {
      ctx.fake.setFaults(null);
    }
    ctx.heard?.(entry.tool, `its answer to the API ${status} probe`, outcome);
    const records = ctx.fake.calls().filter((r) => r.seq > before);
    const text = capResultText(resultText(outcome), entry.tool).text;
    const verdict = classifyCall({
      records,
      bodies: ctx.bodies,
      outcome,
      text,
      read: true,
      arguments: args,
    });
    for (const seq of [...ctx.bodies.keys()]) if (seq <= before) ctx.bodies.delete(seq);
    // The fault must have fired: a tool that made no API call this time was not probed.
    if (!records.some((r) => r.fault !== undefined)) continue;
    const result =
      entry.outcome !== 'ok' && verdict.outcome !== 'error' && verdict.outcome !== 'timeout'
        ? unvaluedResult(entry, digestOf(ctx.canonicalise(outcome, records)), records)
        : said(verdict.outcome);
    if (status === 500) {
      budget.probed.add(entry.tool);
      if (result === 'timeout') budget.stoppedAt = entry.tool;
    }
    probes.push({
      status,
      result,
      ...(result === 'swallowed' ? { answer: text.slice(0, 120) } : {}),
    });
  }
  return probes;
}
