import { summarizeDiscoverability } from '../metrics/discoverability/summarize.js';
import type { Discoverability } from '../metrics/discoverability/discoverability.js';
import { rowMismatches, type FigureMismatch } from './figure-diff.js';
import type { Report, ServerReport } from './types.js';

/**
 * `verify`'s checks of each server's own figures (servers[]): what follows from the rest of the
 * report. The menu's tool count from its tool list; the discoverability summary (means over the
 * scenarios) from the per-scenario figures, with the menu's token total; no cross-run state
 * under isolation `run` (no process served two runs). The per-scenario discoverability, the
 * menu's token sizes and the menu text hash need the tool definitions, which the report does
 * not keep.
 */
export function serverMismatches(report: Report): FigureMismatch[] {
  return report.servers.flatMap((server) => {
    const where = { scope: 'report', server: server.name };
    const stored: Record<string, unknown> = {};
    const recomputed: Record<string, unknown> = {};
    if (server.menu) {
      stored['menu tool_count'] = server.menu.tool_count;
      recomputed['menu tool_count'] = server.menu.tools.length;
    }
    if (server.discoverability !== undefined) {
      stored.discoverability = server.discoverability;
      recomputed.discoverability = discoverabilitySummary(report, server);
    }
    if (report.settings.isolation === 'run' && server.cross_run_state !== undefined) {
      stored.cross_run_state = server.cross_run_state;
      recomputed.cross_run_state = null;
    }
    return rowMismatches(where, stored, recomputed);
  });
}

function discoverabilitySummary(report: Report, server: ServerReport): unknown {
  const rows = report.scenarios.flatMap((s) =>
    s.results
      .filter((r) => r.server === server.name && !r.absent)
      .flatMap((r): Discoverability[] => (r.discoverability ? [r.discoverability] : [])),
  );
  const summary = summarizeDiscoverability(rows);
  const stored = server.discoverability;
  if (!summary || !server.menu) return null;
  // The hash is of the tool definitions' text, which the report does not keep: taken as stored.
  return { ...summary, menu_tokens: server.menu.total, menu_text_hash: stored?.menu_text_hash };
}
