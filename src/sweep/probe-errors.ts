import type { FaultPlan } from '../../fake-central/index.js';
import { capResultText } from '../agent/result-cap.js';
import { resultText } from '../agent/result-text.js';
import type { SweepErrorProbe, SweepToolResult } from '../report/sweep-types.js';
import type { CallContext } from './call-tool-twice.js';
import { classifyCall } from './classify-call.js';

/**
 * The API errors a read tool is probed with: its first API call answered 403. A 500 is not
 * probed by default: a resilient server retries it after a back-off (seconds per tool with the
 * Python reference server), which would cost the default run far more than it tells.
 */
const PROBES: { status: 500 | 403; plan: FaultPlan }[] = [
  { status: 403, plan: { faults: [{ kind: 'client_error', status: 403, first: 1 }] } },
];

/**
 * Probes a read tool that was `ok`: its first API call is answered with each of PROBES' errors.
 * The answer must say it failed (`reported`: isError, a protocol error or error text) or show the
 * data after a retry (`recovered`); an answer that does neither — an empty list, "no devices
 * found" — hid the failure: `swallowed`. The fault plan is cleared after each probe.
 */
export async function probeErrors(
  ctx: CallContext,
  entry: SweepToolResult,
): Promise<SweepErrorProbe[]> {
  const probes: SweepErrorProbe[] = [];
  const args = entry.arguments ?? {};
  for (const { status, plan } of PROBES) {
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
    const said =
      verdict.outcome === 'error' || verdict.outcome === 'timeout'
        ? 'reported'
        : verdict.outcome === 'ok'
          ? 'recovered'
          : 'swallowed';
    probes.push({
      status,
      result: said,
      ...(said === 'swallowed' ? { answer: text.slice(0, 120) } : {}),
    });
  }
  return probes;
}
