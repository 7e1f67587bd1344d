import type { Discoverability } from '../metrics/discoverability/discoverability.js';
import { summarizeDiscoverability } from '../metrics/discoverability/summarize.js';
import type { Report, ScenarioReport, ServerReport } from './types.js';

/**
 * The server entries of a report merged from shards. What a shard computed over its own
 * scenarios is computed again over all of them: the discoverability means from the merged
 * scenario results, the cross-run comparison as the sum of the shards'. The menu is the first
 * shard's that has one (every shard lists the same menu of the same server).
 */
export function mergeServers(
  shards: readonly Report[],
  scenarios: readonly ScenarioReport[],
): ServerReport[] {
  const [first] = shards;
  if (!first) return [];
  return first.servers.map((server) => {
    const copies = shards.flatMap((r) => r.servers.filter((s) => s.name === server.name));
    const ranked: Discoverability[] = scenarios.flatMap((s) =>
      s.results.flatMap((r) =>
        r.server === server.name && r.discoverability ? [r.discoverability] : [],
      ),
    );
    const summary = summarizeDiscoverability(ranked);
    const known = copies.find((c) => c.discoverability)?.discoverability;
    const crossRun = copies.map((c) => c.cross_run_state).filter((c) => c != null);
    return {
      ...server,
      menu: copies.map((c) => c.menu).find((m) => m) ?? null,
      ...(server.discoverability === undefined
        ? {}
        : {
            discoverability:
              summary && known
                ? {
                    ...summary,
                    menu_tokens: known.menu_tokens,
                    menu_text_hash: known.menu_text_hash,
                  }
                : null,
          }),
      ...(server.cross_run_state === undefined
        ? {}
        : {
            cross_run_state:
              crossRun.length === 0
                ? null
                : {
                    compared_runs: crossRun.reduce((n, c) => n + c.compared_runs, 0),
                    differing: crossRun.flatMap((c) => c.differing),
                  },
          }),
    };
  });
}
