import { createHash } from 'node:crypto';
import type { CallRecord, FakeCentral, Json } from '../../fake-central/index.js';
import { capResultText } from '../agent/result-cap.js';
import { resultText } from '../agent/result-text.js';
import type { SweepToolResult } from '../report/sweep-types.js';
import type { ServerSession } from '../servers/types.js';
import type { ToolCallOutcome } from '../trajectory/types.js';
import { classifyCall, type CallVerdict } from './classify-call.js';

/** Ids a server made up, canonicalised in a value (bound by the run to src/run/execute/canonical-ids.ts). */
export type Canonicalise = <T>(value: T, records: readonly CallRecord[]) => T;

/** What one tool call needs: the session, the fake and the bodies it answered. */
export interface CallContext {
  session: ServerSession;
  fake: FakeCentral;
  bodies: Map<number, Json>;
  canonicalise: Canonicalise;
  /** Told every answer as the server gave it (the sweep scans it for secrets: answer-leaks.ts). */
  heard?: (tool: string, where: string, outcome: ToolCallOutcome) => void;
}

export interface Called {
  verdict: CallVerdict;
  digest: string;
}

/** sha256 of a result as a sweep entry's `digest` records it. */
export function digestOf(outcome: ToolCallOutcome): string {
  const { content, structuredContent, isError, protocolError } = outcome;
  const text = JSON.stringify({ content, structuredContent, isError, protocolError });
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}

/** Calls a tool once and judges the call (the fake's bodies of earlier calls are dropped). */
export async function callOnce(
  ctx: CallContext,
  tool: string,
  args: Record<string, unknown>,
  read: boolean,
  where = 'its answer',
): Promise<Called> {
  const lastSeq = (): number => ctx.fake.calls().at(-1)?.seq ?? 0;
  const before = lastSeq();
  // A confirmation asked of a sweep is answered as the write gate says (launchServer set it).
  const outcome = await ctx.session.callTool({ name: tool, arguments: args }, () => undefined);
  ctx.heard?.(tool, where, outcome);
  const records = ctx.fake.calls().filter((r) => r.seq > before);
  const canonical = ctx.canonicalise(outcome, records);
  // The verdict names requests (an unsafe write's path): ids the server made up in them are
  // canonicalised too, or two sweeps of the same server differ (test/subjects/random-ids.test.ts).
  const verdict = ctx.canonicalise(
    classifyCall({
      records,
      bodies: ctx.bodies,
      outcome: canonical,
      text: capResultText(resultText(canonical), tool).text,
      read,
      arguments: args,
    }),
    records,
  );
  for (const seq of [...ctx.bodies.keys()]) if (seq <= before) ctx.bodies.delete(seq);
  return { verdict, digest: digestOf(canonical) };
}

/**
 * A tool's sweep entry, every served value its first answer showed (uncapped, not stored), and
 * whether that call read a paged collection of two or more items.
 */
export interface SweptTool {
  entry: SweepToolResult;
  shown: string[];
  paged: boolean;
}

/**
 * Calls a tool twice with the same arguments and judges the first call; a second call that
 * comes to another outcome or another digest makes the tool `unstable` (never gated). A timeout
 * is not called again: the second would cost the server's whole call timeout once more.
 */
export async function callToolTwice(
  ctx: CallContext,
  tool: string,
  fixture: string,
  args: Record<string, unknown>,
  read: boolean,
): Promise<SweptTool> {
  const first = await callOnce(ctx, tool, args, read);
  const { allShown: shown, paged } = first.verdict;
  const entry: SweepToolResult = {
    tool,
    fixture,
    outcome: first.verdict.outcome,
    arguments: args,
    calls: first.verdict.calls,
    digest: first.digest,
    served: first.verdict.served,
    shown: first.verdict.shown,
    ...(first.verdict.states === undefined ? {} : { states: first.verdict.states }),
    ...(first.verdict.error === undefined ? {} : { error: first.verdict.error }),
  };
  if (first.verdict.outcome === 'timeout' || !read) return { entry, shown, paged };
  const second = await callOnce(ctx, tool, args, read);
  if (second.verdict.outcome === first.verdict.outcome && second.digest === first.digest)
    return { entry, shown, paged };
  const unstable: SweepToolResult = {
    ...entry,
    outcome: 'unstable',
    error:
      second.verdict.outcome === first.verdict.outcome
        ? `two calls with the same arguments answered differently (${first.verdict.outcome} both times)`
        : `two calls with the same arguments came to ${first.verdict.outcome}, then ${second.verdict.outcome}`,
  };
  return { entry: unstable, shown, paged };
}
