import type { ToolDefinition } from '../../trajectory/types.js';
import { rankTools } from './rank-tools.js';

/** Where one expected tool ranked (null: the server does not list it and has no router). */
export interface ExpectedToolRank {
  tool: string;
  rank: number | null;
  /** Listed only behind the server's router tool; `rank` is then the router tool's rank. */
  via_router: boolean;
}

/** How findable a scenario's expected tools are in a server's menu, from the intent alone. */
export interface Discoverability {
  recall_at_1: number;
  recall_at_3: number;
  recall_at_5: number;
  /** Mean reciprocal rank of the expected tools (0 for one never listed). */
  mrr: number;
  expected: ExpectedToolRank[];
  /** Tools the server lists (the corpus size the intent was ranked against). */
  menu_size: number;
}

/**
 * Ranks `tools` against `intent` with BM25 and reports recall@1/3/5 and MRR of `expected`
 * (deduplicated, in order). A tool the server does not list counts as found at the router tool's
 * rank when `routerTool` is set and listed (the model sees the router, not the inner tool), else
 * as never found. Pure and deterministic. An empty `expected` list gives recall 1 (nothing to
 * find), as IR metrics conventionally do not; it does not occur for a non-absent server.
 */
export function discoverability(
  tools: readonly ToolDefinition[],
  intent: string,
  expected: readonly string[],
  routerTool?: string,
): Discoverability {
  const ranking = rankTools(tools, intent);
  const rankOf = new Map(ranking.map((r) => [r.name, r.rank]));
  const routerRank = routerTool === undefined ? undefined : rankOf.get(routerTool);
  const rows: ExpectedToolRank[] = [...new Set(expected)].map((tool) => {
    const direct = rankOf.get(tool);
    if (direct !== undefined) return { tool, rank: direct, via_router: false };
    if (routerRank !== undefined) return { tool, rank: routerRank, via_router: true };
    return { tool, rank: null, via_router: false };
  });
  const recall = (k: number): number =>
    rows.length === 0
      ? 1
      : round(rows.filter((r) => r.rank !== null && r.rank <= k).length / rows.length);
  const mrr =
    rows.length === 0
      ? 1
      : round(rows.reduce((sum, r) => sum + (r.rank === null ? 0 : 1 / r.rank), 0) / rows.length);
  return {
    recall_at_1: recall(1),
    recall_at_3: recall(3),
    recall_at_5: recall(5),
    mrr,
    expected: rows,
    menu_size: tools.length,
  };
}

/** Four decimals: the figures are ratios of small counts, and the report must be byte-stable. */
export function round(n: number): number {
  return Math.round(n * 10_000) / 10_000;
}
