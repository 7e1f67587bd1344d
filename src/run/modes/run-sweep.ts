import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallRecord } from '../../../fake-central/index.js';
import type { Report } from '../../report/types.js';
import type { ServerSweep, SweepMode } from '../../report/sweep-types.js';
import { menuDifference, sweepServers } from '../../sweep/sweep-servers.js';
import { bundleIds } from '../execute/bundle-ids.js';
import { canonicaliseIds, inventedIds } from '../execute/canonical-ids.js';
import type { BenchPlan } from '../plan/plan-bench.js';
import type { RunDeadline } from '../execute/run-deadline.js';
import type { Secret } from '../../metrics/leak-scan.js';

/**
 * The tool sweep of a bench (src/sweep): each server's menu on every bundle its selected
 * scenarios use, ids canonicalised as the runs' are. Off: nothing. A shard other than the
 * first sweeps nothing (the merged report takes the first shard's sweep).
 */
export async function runSweep(
  mode: SweepMode,
  plan: BenchPlan,
  context: {
    root: string;
    secrets: readonly Secret[];
    shardIndex: number | null;
    deadline?: RunDeadline;
  },
): Promise<Map<string, ServerSweep>> {
  if (mode === 'off' || (context.shardIndex !== null && context.shardIndex !== 1)) return new Map();
  const servers = [...new Set(plan.units.map((u) => u.server))].flatMap((name) => {
    const units = plan.units.filter((u) => u.server === name);
    const [first] = units;
    // A 2025-era entry (NAME@2025-11-25) runs NAME's code and menu: NAME's sweep covers it.
    if (!first || first.config.eraOf !== undefined) return [];
    return [
      {
        name,
        config: first.config,
        fixtures: [...new Set(units.map((u) => u.scenario.fixture))].sort(),
      },
    ];
  });
  const tmpRoot = await mkdtemp(join(tmpdir(), 'hpe-mcp-bench-sweep-'));
  try {
    return await sweepServers({
      mode,
      servers,
      root: context.root,
      baseDir: plan.baseDir,
      tmpRoot,
      sandbox: plan.settings.sandbox,
      validation: plan.settings.validation,
      // As many bundles at once as the run has scenario workers (the sweep runs beside them).
      concurrency: plan.settings.concurrency,
      secrets: context.secrets.map((s) => s.value),
      ...(context.deadline === undefined ? {} : { deadline: context.deadline }),
      canonicaliseFor: (fixtureDir) => {
        const known = bundleIds(fixtureDir);
        return <T>(value: T, records: readonly CallRecord[]): T =>
          canonicaliseIds(
            value,
            inventedIds(records, (t) => known.has(t)),
          );
      },
    });
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
  }
}

/**
 * The report with each server's sweep attached, and the sweep's menu compared with the one the
 * scenario runs listed: a server whose menu changed between the two listings says so.
 */
export function attachSweeps(report: Report, sweeps: ReadonlyMap<string, ServerSweep>): Report {
  if (sweeps.size === 0) return report;
  return {
    ...report,
    servers: report.servers.map((server) => {
      const sweep = sweeps.get(server.name);
      if (!sweep) return server;
      const changed =
        sweep.menu_changed ??
        (server.menu && sweep.failure === null
          ? menuDifference(server.menu.tools, sweep.menu)
          : null);
      return { ...server, sweep: { ...sweep, menu_changed: changed } };
    }),
  };
}
