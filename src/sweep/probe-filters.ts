import type { SweepFilterProbe, SweepToolResult } from '../report/sweep-types.js';
import type { ToolDefinition } from '../trajectory/types.js';
import { callOnce, type CallContext } from './call-tool-twice.js';
import { filterArguments } from './filter-arguments.js';
import type { SweepValues } from './infer-arguments.js';

const FAILED = new Set(['error', 'route-miss', 'rejected', 'timeout', 'unsafe']);

/**
 * Probes an `ok` read tool's optional filters (filter-arguments.ts), one call per filter with
 * the plain call's arguments plus that one. Judged on the answer, not the request: a filter is
 * `ignored` when the answer still shows every value the plain answer showed (the tool's own
 * arguments aside), `narrowed` when some are gone. The answer decides because a server may pass
 * the filter to the API under any name (`site-id`, an OData `filter`), in the path, or apply it
 * itself to what it fetched; all of these narrow the answer, and a dropped filter in any of
 * them leaves it whole. A filter that cannot narrow on the bundle (every item matches it) is
 * `ignored` in the baseline too, and the gate only fails a filter the baseline saw narrow.
 */
export async function probeFilters(
  ctx: CallContext,
  tool: ToolDefinition,
  entry: SweepToolResult,
  values: SweepValues,
  plainShown: readonly string[],
): Promise<SweepFilterProbe[]> {
  const called = entry.arguments ?? {};
  const probes: SweepFilterProbe[] = [];
  for (const { name, value } of filterArguments(tool, values, called, plainShown)) {
    const args = { ...called, [name]: value };
    const { verdict } = await callOnce(ctx, tool.name, args, true, 'its answer to a filter probe');
    if (FAILED.has(verdict.outcome)) {
      probes.push({
        argument: name,
        value,
        result: 'failed',
        error: `${verdict.outcome}${verdict.error === undefined ? '' : `: ${verdict.error}`}`,
      });
      continue;
    }
    // The values it was called with are never served values (served-values.ts): leave them out
    // of the plain answer's too, or a site id the plain answer showed would count as gone.
    const given = new Set(Object.values(args).map((v) => String(v).toLowerCase()));
    const plain = plainShown.filter((v) => !given.has(v.toLowerCase()));
    const now = new Set(verdict.allShown);
    const gone = plain.filter((v) => !now.has(v)).length;
    probes.push(
      gone === 0
        ? { argument: name, value, result: 'ignored', values: plain.length }
        : { argument: name, value, result: 'narrowed', values: gone },
    );
  }
  return probes;
}
