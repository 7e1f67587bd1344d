import { absentResult, aggregateScenarioServer } from './aggregate-scenario.js';
import { aggregateSuites } from './aggregate-suite.js';
import { MIN_GATING_RUNS } from './build-report.js';
import {
  differingLeaves,
  figureName,
  predatesFigure,
  rowMismatches,
  type FigureMismatch,
} from './figure-diff.js';
import { expectedCallCount, rederiveRun, RUN_FIGURES_REDERIVED } from './rederive-run.js';
import type { Report, RunResult, ScenarioReport, SuiteServerResult } from './types.js';
import { serverMismatches } from './verify-servers.js';

/**
 * `verify`'s core: every figure of a report recomputed from the lowest-level records it carries
 * (each run's request log, tool calls and verdict reasons: rederive-run.ts), then aggregated
 * again with the harness's own aggregators (median/IQR per scenario, mean/p95 and fractions per
 * suite and overall), and compared with what the report stores. What cannot be recomputed is
 * listed (NOT_REDERIVED here, RUN_FIGURES_NOT_REDERIVED per run), never passed silently.
 */

/** The report-wide figures whose raw material report.json does not carry. */
export const NOT_REDERIVED: readonly string[] = [
  'scenarios[].results[].discoverability: BM25 ranks over the tool menu’s text, which the report does not keep (servers[].discoverability, their means, is checked)',
  'servers[].menu total and heaviest, discoverability menu_text_hash: the tool definitions, which the report does not keep (tool_count is checked against the tool list)',
  'servers[].cross_run_state under isolation scenario or server: which runs met a reused server process is not recorded per run (under isolation run it must be null)',
  'servers[].protocol_violations: the wire messages are not kept',
  'resilience cells’ figures (exercised, task success, extra calls, retries, recovery): the faulted runs behind them are not kept (each cell’s baseline_passed and resilient, and the scores, are checked)',
];

/** What `verify` found: the figures that do not follow, and how much it checked. */
export interface Verification {
  mismatches: FigureMismatch[];
  /** Figures the report predates (absent while its runs give one), `scope · server · figure`. */
  predates: string[];
  /** Runs whose figures were re-derived from their records. */
  runs: number;
  /** Scenario × server rows re-aggregated (absent rows included). */
  rows: number;
  /** Runs without a request log or tool calls (1.0.0 reports): their run figures stay as stored. */
  runsWithoutRecords: number;
}

const pick = (run: RunResult, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], run);

function runMismatches(scope: string, server: string, stored: RunResult, redone: RunResult) {
  return RUN_FIGURES_REDERIVED.flatMap(({ path }) =>
    differingLeaves(pick(stored, path), pick(redone, path)).map((d) => ({
      scope,
      server,
      run: stored.run,
      figure: figureName([...path.split('.'), ...d.path]),
      stored: d.stored,
      recomputed: d.recomputed,
    })),
  );
}

/** The scenarios with every row recomputed from its re-derived runs, and the mismatches found. */
function recomputeScenarios(report: Report, found: FigureMismatch[]): ScenarioReport[] {
  const { tokenizer, escapes } = report.settings;
  return report.scenarios.map((scenario) => {
    const expected = expectedCallCount(scenario.results.flatMap((r) => r.runs));
    return {
      ...scenario,
      results: scenario.results.map((row) => {
        const runs = row.runs.map((run) => {
          const redone = rederiveRun(run, escapes, expected);
          found.push(...runMismatches(scenario.id, row.server, run, redone));
          return redone;
        });
        const recomputed =
          row.absent && runs.length === 0
            ? absentResult(row.server)
            : aggregateScenarioServer(row.server, runs, tokenizer);
        const where = { scope: scenario.id, server: row.server };
        found.push(...rowMismatches(where, row, recomputed, ['runs', 'discoverability']));
        return {
          ...recomputed,
          ...(row.discoverability ? { discoverability: row.discoverability } : {}),
        };
      }),
    };
  });
}

function suiteRows(
  scope: string,
  stored: readonly SuiteServerResult[],
  recomputed: readonly SuiteServerResult[],
): FigureMismatch[] {
  const servers = [...new Set([...stored, ...recomputed].map((r) => r.server))];
  return servers.flatMap((server) => {
    const s = stored.find((r) => r.server === server);
    const r = recomputed.find((x) => x.server === server);
    if (s && r) return rowMismatches({ scope, server }, s, r);
    return [
      {
        scope,
        server,
        figure: '(row)',
        stored: s ? 'present' : 'missing',
        recomputed: r ? 'present' : 'missing',
      },
    ];
  });
}

/** Every figure of `report` recomputed from its runs and compared with the stored one. */
export function verifyReport(report: Report): Verification {
  const found: FigureMismatch[] = [];
  const scenarios = recomputeScenarios(report, found);
  const servers = report.servers.map((s) => s.name);
  const { suites, overall } = aggregateSuites(scenarios, servers, report.settings.tokenizer);
  for (const name of new Set([...report.suites, ...suites].map((s) => s.suite))) {
    const stored = report.suites.find((s) => s.suite === name);
    const redone = suites.find((s) => s.suite === name);
    const scope = `suite ${name}`;
    if (stored?.scenarios !== redone?.scenarios)
      found.push({
        scope,
        server: null,
        figure: 'scenarios',
        stored: stored?.scenarios,
        recomputed: redone?.scenarios,
      });
    found.push(...suiteRows(scope, stored?.results ?? [], redone?.results ?? []));
  }
  found.push(...suiteRows('overall', report.overall, overall));
  const eligible = report.settings.runs >= MIN_GATING_RUNS && !report.partial;
  if (report.gating_eligible !== eligible)
    found.push({
      scope: 'report',
      server: null,
      figure: 'gating_eligible',
      stored: report.gating_eligible,
      recomputed: eligible,
    });
  found.push(...serverMismatches(report));
  const allRuns = report.scenarios.flatMap((s) => s.results.flatMap((r) => r.runs));
  return {
    mismatches: found.filter((m) => !predatesFigure(m)),
    predates: found
      .filter(predatesFigure)
      .map((m) => `${m.scope} · ${m.server ?? 'report'} · ${m.figure}`),
    runs: allRuns.length,
    rows: report.scenarios.reduce((n, s) => n + s.results.length, 0),
    runsWithoutRecords: allRuns.filter((r) => r.status === 'ok' && (!r.calls || !r.requests))
      .length,
  };
}
