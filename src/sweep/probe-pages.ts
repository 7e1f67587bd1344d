import type { SweepPageProbe } from '../report/sweep-types.js';
import { callOnce, type CallContext } from './call-tool-twice.js';

/**
 * How many pages the fake splits each paged collection into for the probe: enough that a loop
 * cut to one page loses two thirds of the values, few enough that the probe costs a tool about
 * three page requests per collection, however long the collection (a fixed small page size
 * would cost hundreds on a list of a thousand, and run into a client's own page cap).
 */
export const SHORT_PAGES = 3;

/**
 * Which tools of a server the short-pages probe was made on, shared by its bundles' sweeps: a
 * tool is probed once per server, on the first bundle (smallest first: sweep-order.ts) whose
 * plain call read a collection of two or more items. A loop over pages cut short loses the later
 * pages on any such collection, so a campus's thousands of devices prove no more than a site's
 * dozen, and cost most of the probe's time (a long listing read again in full).
 */
export interface ServerPageProbes {
  probed: Set<string>;
}

export const serverPageProbes = (): ServerPageProbes => ({ probed: new Set() });

const FAILED = new Set(['error', 'route-miss', 'rejected', 'timeout', 'unsafe']);
/** Values a truncated answer keeps for the comment. */
const MISSING_EXAMPLES = 3;

/**
 * Probes an `ok` read tool whose plain call read a paged collection: called again with the same
 * arguments while the fake serves every collection in SHORT_PAGES pages (FakeCentral
 * setShortPages), with `next`, `offset` and `total` consistent, as the API may page. The answer
 * must show every value the plain answer showed: a server that follows `next`, or pages by
 * offset until `total`, does; one whose loop over pages stops after the first (or trusts a page
 * shorter than its `limit` to be the last) loses the values of the later pages: `truncated`.
 * Null when no page of the call was cut (the server asked small pages already, or made no call):
 * nothing was probed. The mode is switched off after the call whatever happens.
 */
export async function probePages(
  ctx: CallContext,
  tool: string,
  args: Record<string, unknown>,
  plainShown: readonly string[],
): Promise<SweepPageProbe | null> {
  const before = ctx.fake.calls().at(-1)?.seq ?? 0;
  ctx.fake.setShortPages(SHORT_PAGES);
  let called;
  try {
    called = await callOnce(ctx, tool, args, true, 'its answer to the short-pages probe');
  } finally {
    ctx.fake.setShortPages(null);
  }
  const cut = ctx.fake.calls().some((r) => r.seq > before && r.shortPages !== undefined);
  if (!cut) return null;
  const { verdict } = called;
  if (FAILED.has(verdict.outcome))
    return {
      pages: SHORT_PAGES,
      result: 'failed',
      error: `${verdict.outcome}${verdict.error === undefined ? '' : `: ${verdict.error}`}`,
    };
  const now = new Set(verdict.allShown);
  const missing = plainShown.filter((v) => !now.has(v));
  return missing.length === 0
    ? { pages: SHORT_PAGES, result: 'whole', values: plainShown.length }
    : {
        pages: SHORT_PAGES,
        result: 'truncated',
        values: missing.length,
        missing: missing.slice(0, MISSING_EXAMPLES),
      };
}
