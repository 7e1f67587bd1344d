import { llmReportSettings, policyInfo } from '../../llm/report-settings.js';
import { absentResult, aggregateScenarioServer } from '../../report/aggregate-scenario.js';
import { buildReport } from '../../report/build-report.js';
import {
  crossRunState,
  describeCrossRunState,
  describeTokenReuse,
} from '../../report/cross-run-state.js';
import type { Report, RunEnvironment, ScenarioReport } from '../../report/types.js';
import type { SandboxStatus } from '../../servers/launch/sandbox/types.js';
import { attachDiscoverability } from './attach-discoverability.js';
import { describeServers } from './describe-servers.js';
import type { RunOutcome } from '../execute/execute-runs.js';
import type { BenchPlan, ModelPlan } from '../plan/plan-bench.js';
import type { BenchOutcomes } from '../execute/execute-bench.js';
import type { Clock, Logger } from '../ports.js';
import { formatDuration } from '../execute/run-deadline.js';
import { fixtureInfo, harnessVersion, manifestHash } from './provenance.js';
import { runEnvironment } from './run-environment.js';
import type { RunBenchOptions } from '../request/run-bench-options.js';

/** What the bench measured, and when: everything the report is built from. */
export interface BenchOutcome {
  plan: BenchPlan;
  model: ModelPlan;
  /** By unit index (executeBench). */
  outcomes: RunOutcome[][];
  /** Set when the run's deadline passed before the last run ended (executeBench). */
  deadline?: BenchOutcomes['deadline'];
  sandbox: SandboxStatus;
  startedAt: number;
  /** Fixtures, manifest and harness version as they were when the run started. */
  provenance: RunProvenance;
  /** Read once more when the report is built: its `duration_ms` ends there. */
  clock: Clock;
}

/** What the report says the run used, read before it starts (readProvenance). */
export interface RunProvenance {
  fixtures: Awaited<ReturnType<typeof fixtureInfo>>[];
  manifest: Awaited<ReturnType<typeof manifestHash>>;
  version: string;
  environment: RunEnvironment;
}

/**
 * The fixture bundles' hashes, the manifest's hash and the harness version, read when the run
 * starts: read at assembly, a checkout changed during a long run (a merge) put the later
 * bundles' hashes on a report whose runs had served the earlier ones.
 */
export async function readProvenance(options: RunBenchOptions): Promise<RunProvenance> {
  const { root, scenarios } = options;
  const fixtures = await Promise.all(
    [...new Set(scenarios.map((s) => s.fixture))].sort().map((f) => fixtureInfo(root, f)),
  );
  const manifest = await manifestHash(
    options.manifestFiles ?? scenarios.map((s) => s.source.file),
    root,
    options.cwd ?? process.cwd(),
  );
  return {
    fixtures,
    manifest,
    version: await harnessVersion(),
    environment: await runEnvironment(),
  };
}

/**
 * The report from the outcomes: each server × scenario aggregated over its runs in run order
 * (absent where the server has no entry), the cross-run comparison of runs on a reused process
 * (a warning for what differs), the servers' menus and discoverability, provenance (fixtures,
 * manifest hash, harness version) and the settings. A spent budget or a passed deadline marks
 * it partial (and never gating-eligible).
 */
export async function assembleReport(
  options: RunBenchOptions,
  bench: BenchOutcome,
  logger: Logger,
): Promise<Report> {
  const { config, root, servers, scenarios } = options;
  const { plan, model, outcomes, sandbox } = bench;
  const { settings, units, baseDir } = plan;
  const byPair = new Map<string, RunOutcome[]>();
  units.forEach((unit, index) => {
    const key = `${unit.server}\0${unit.scenario.id}`;
    byPair.set(key, [...(byPair.get(key) ?? []), ...(outcomes[index] ?? [])]);
  });
  for (const list of byPair.values()) list.sort((a, b) => a.result.run - b.result.run);
  const crossRun = new Map(
    servers.map((server) => {
      const pairs = scenarios.flatMap((scenario) => {
        const runs = byPair.get(`${server}\0${scenario.id}`);
        return runs ? [{ scenario: scenario.id, runs }] : [];
      });
      return [server, crossRunState(pairs)] as const;
    }),
  );
  for (const [server, state] of crossRun) {
    if (state === null) continue;
    // The reused token is a count, not a warning; state beyond it is warned and listed.
    const reuse = describeTokenReuse(server, state);
    if (reuse) logger.info(reuse);
    const line = describeCrossRunState(server, state);
    if (line) logger.warn(line);
  }
  const scenarioReports: ScenarioReport[] = scenarios.map((scenario) => ({
    id: scenario.id,
    suite: scenario.suite,
    fixture: scenario.fixture,
    write_gate: scenario.write_gate,
    results: servers.map((server) => {
      const pair = byPair.get(`${server}\0${scenario.id}`);
      if (!pair) return absentResult(server);
      return aggregateScenarioServer(
        server,
        pair.map((o) => o.result),
        settings.tokenizer,
      );
    }),
  }));

  const { fixtures, manifest, version, environment } = bench.provenance;
  const outcomeEntries = units.map((unit, index) => ({ unit, outcomes: outcomes[index] ?? [] }));
  const described = attachDiscoverability({
    config,
    scenarios,
    scenarioReports,
    servers: await describeServers({
      config,
      servers,
      root,
      baseDir,
      tokenizer: settings.tokenizer,
      outcomes: outcomeEntries,
    }).then((list) =>
      list.map((server) => ({
        ...server,
        cross_run_state: crossRun.get(server.name) ?? null,
      })),
    ),
    outcomes: outcomeEntries,
  });
  const { choice, price } = model;
  const report = buildReport({
    harnessVersion: version,
    environment,
    generatedAt: new Date(bench.startedAt).toISOString(),
    durationMs: Math.max(0, bench.clock() - bench.startedAt),
    settings: {
      ...settingsWithout(settings),
      policy: policyInfo(choice),
      quantiles: 'type7-linear',
      ...(choice.name === 'scripted'
        ? {}
        : { llm: llmReportSettings(choice, price, options.budget ?? {}) }),
      sandbox,
      fake_validation: settings.validation,
      ...(options.selection ? { selection: options.selection } : {}),
      ...(options.shard
        ? {
            shard: {
              index: options.shard.index,
              count: options.shard.count,
              selected: [...options.shard.selected],
            },
          }
        : {}),
    },
    manifest: { ...manifest, scenarios: scenarios.map((s) => s.id) },
    fixtures,
    servers: described.servers,
    scenarios: described.scenarioReports,
  });
  const stopped = model.models?.budget.exceeded() ?? null;
  if (stopped !== null) {
    report.partial = {
      reason: `${stopped}: the bench stopped before every run`,
      stopped_by: ['budget'],
    };
    report.gating_eligible = false;
    logger.warn(`budget: ${stopped}; the report is partial`);
  }
  if (bench.deadline) {
    const { ms, source, unfinishedRuns } = bench.deadline;
    const reason =
      `the run's deadline of ${formatDuration(ms)} (${source}) passed: ${unfinishedRuns} run(s) did not run or finish, ` +
      'and the runs in flight then were stopped with their servers (they count as errored)';
    report.partial = report.partial
      ? {
          reason: `${report.partial.reason}; ${reason}`,
          stopped_by: [...(report.partial.stopped_by ?? []), 'deadline'],
        }
      : { reason, stopped_by: ['deadline'] };
    report.gating_eligible = false;
  }
  return report;
}

/** The checked settings as the report spells them: the fakes' validation is `fake_validation`. */
function settingsWithout<T extends { validation: unknown }>(settings: T): Omit<T, 'validation'> {
  const { validation: _named, ...rest } = settings;
  return rest;
}
