import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeCassetteSettings } from '../llm/cassette.js';
import { DEFAULT_PRICES } from '../llm/prices.js';
import { checkBudget, llmReportSettings, policyInfo } from '../llm/report-settings.js';
import { createModelRuns } from '../llm/run-policies.js';
import { BenchError } from '../common/errors.js';
import type { Clock, Logger } from './ports.js';
import { absentResult, aggregateScenarioServer } from '../report/aggregate-scenario.js';
import { buildReport, MIN_GATING_RUNS } from '../report/build-report.js';
import { crossRunState, describeCrossRunState } from '../report/cross-run-state.js';
import type { Report, ScenarioReport } from '../report/types.js';
import type { RunBenchOptions } from './run-bench-options.js';
import { executeRuns, type RunOutcome, type RunUnit } from './execute-runs.js';
import { FakePool } from './fake-pool.js';
import { harnessSecrets } from './harness-secrets.js';
import { checkOptions } from './check-options.js';
import { createProgress } from './progress.js';
import { sessionKey, SessionPool } from './session-pool.js';
import { fixtureInfo, harnessVersion, manifestHash } from './provenance.js';
import { attachDiscoverability } from './attach-discoverability.js';
import { describeServers } from './describe-servers.js';
import { runQueue } from './work-queue.js';
import { writeReport } from '../report-io/write-report.js';
import { closest } from '../common/did-you-mean.js';
import { loadTokenizer } from '../tokens/count-tokens.js';
import { resolveSandbox } from '../servers/sandbox/probe-sandbox.js';

/**
 * A server for which no selected scenario has an `expected_tools` entry would be "absent" from
 * every scenario and the run would pass having benchmarked nothing (a `scenarioKey` typo does
 * it). That is a usage error, named with the closest key the scenarios do have.
 */
function checkSomethingRuns(options: RunBenchOptions, units: readonly RunUnit[]): void {
  const problems = options.servers
    .filter((server) => !units.some((unit) => unit.server === server))
    .map((server) => {
      const key = options.config.servers[server]?.scenarioKey ?? server;
      const via =
        key === server ? `"${server}"` : `"${key}" (the scenarioKey of server "${server}")`;
      return `none of the ${options.scenarios.length} selected scenario(s) has an expected_tools entry for ${via}: nothing would run`;
    });
  if (problems.length === 0) return;
  const keys = [...new Set(options.scenarios.flatMap((s) => Object.keys(s.expected_tools)))].sort();
  const typo = options.servers
    .map((server) => options.config.servers[server]?.scenarioKey ?? server)
    .map((key) => closest(key, keys))
    .find((near) => near !== undefined);
  throw new BenchError('usage', problems.join('; '), {
    hint: `${typo === undefined ? '' : `did you mean "${typo}"? `}the selected scenarios have entries for: ${keys.join(', ') || '(none)'}; fix scenarioKey in the config, or select scenarios that cover the server`,
  });
}

/** Everything runBench talks to outside itself. */
export interface RunBenchPorts {
  logger: Logger;
  clock?: Clock;
}

/**
 * Runs every server × scenario × run against the fake and returns the report (and writes it
 * when `outDir` is set). A scenario without an `expected_tools` entry for a server is absent:
 * no process is started. A server that fails to start makes that run an error result with its
 * stderr tail; the bench goes on. Results do not depend on `concurrency`.
 */
export async function runBench(options: RunBenchOptions, ports: RunBenchPorts): Promise<Report> {
  const settings = checkOptions(options);
  const clock = ports.clock ?? Date.now;
  const startedAt = clock();
  const { logger } = ports;
  const { config, root, servers, scenarios } = options;
  await loadTokenizer(settings.tokenizer);
  const sandbox = await resolveSandbox(settings.sandbox);
  if (!sandbox.applied && sandbox.requested === 'auto') {
    logger.warn(
      `servers run without the sandbox: ${sandbox.reason ?? 'not available'} (README, Security)`,
    );
  }
  const baseDir = config.file === null ? root : dirname(config.file);

  const units: RunUnit[] = [];
  for (const server of servers) {
    const serverConfig = config.servers[server];
    if (!serverConfig) continue; // checkOptions has rejected unknown names
    // A stand-in (a subject, a port of the reference server) runs under another server's entries.
    const scenarioKey = serverConfig.scenarioKey ?? server;
    for (const scenario of scenarios) {
      if (scenario.expected_tools[scenarioKey] === undefined) continue;
      const runs = Array.from({ length: settings.runs }, (_, i) => i + 1);
      const batches = settings.isolation === 'run' ? runs.map((run) => [run]) : [runs];
      for (const batch of batches) {
        units.push({ server, scenarioKey, config: serverConfig, scenario, runs: batch });
      }
    }
  }
  // The queue's items are groups of unit indexes a worker runs in order. Isolation server: one
  // group per session key, so each key's units meet one process in report order whatever the
  // concurrency or timing (results then do not depend on either); largest groups first, so the
  // workers finish together. Otherwise every unit is its own group.
  const groups: number[][] = units.map((_, index) => [index]);
  if (settings.isolation === 'server') {
    const byKey = new Map<string, number[]>();
    units.forEach((unit, index) => {
      const key = sessionKey(unit);
      byKey.set(key, [...(byKey.get(key) ?? []), index]);
    });
    groups.splice(0, groups.length, ...[...byKey.values()].sort((a, b) => b.length - a.length));
  }

  // Read once, before any server starts; only the leak check sees them.
  const secrets = harnessSecrets();
  checkSomethingRuns(options, units);
  const choice = options.policy ?? { name: 'scripted' };
  const prices = { ...DEFAULT_PRICES, ...options.prices };
  const model = choice.name === 'scripted' ? null : choice.settings.model;
  const price = model === null ? null : (prices[model] ?? null);
  if (choice.name !== 'scripted') checkBudget(options.budget ?? {}, model ?? '', price);
  const models =
    choice.name === 'scripted' ? null : createModelRuns(choice, options.budget ?? {}, price);
  if (choice.name === 'llm' && choice.cassettes !== null) {
    await writeCassetteSettings(choice.cassettes, choice.settings);
  }

  const progress = createProgress(logger, units, settings.runs);
  const tmpRoot = await mkdtemp(join(tmpdir(), 'hpe-mcp-bench-'));
  const outcomes: RunOutcome[][] = [];
  try {
    const done = await runQueue(
      groups,
      settings.concurrency,
      () => ({
        fakes: new FakePool(root, settings.faults),
        sessions: new SessionPool(settings.isolation),
      }),
      async (group, { fakes, sessions }) => {
        const results: RunOutcome[][] = [];
        for (const index of group) {
          const unit = units[index] as RunUnit;
          // A spent budget starts nothing more: the report says it is partial.
          if (models?.budget.exceeded()) {
            results.push([]);
            continue;
          }
          const fake = await fakes.get(unit.scenario.fixture);
          const ran = await executeRuns(unit, {
            fake,
            tokenizer: settings.tokenizer,
            sessions,
            baseDir,
            tmpRoot,
            sandbox: settings.sandbox,
            escapes: settings.escapes,
            secrets,
            models,
            price,
          });
          progress.record(unit, ran);
          results.push(ran);
        }
        // A group's session ends with it: the next group has another key.
        await sessions.release();
        return results;
      },
      async ({ fakes, sessions }) => {
        // Sessions first: a server is closed while its fake still answers.
        await sessions.release();
        await fakes.close();
      },
    );
    groups.forEach((group, g) =>
      group.forEach((unitIndex, i) => (outcomes[unitIndex] = done[g]?.[i] ?? [])),
    );
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
  }

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
    const line = state && describeCrossRunState(server, state);
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
      const runs = pair.map((o) => o.result);
      return aggregateScenarioServer(server, runs, settings.tokenizer);
    }),
  }));

  const fixtures = await Promise.all(
    [...new Set(scenarios.map((s) => s.fixture))].sort().map((f) => fixtureInfo(root, f)),
  );
  const manifest = await manifestHash(
    options.manifestFiles ?? scenarios.map((s) => s.source.file),
    root,
    options.cwd ?? process.cwd(),
  );
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
  const report = buildReport({
    harnessVersion: await harnessVersion(),
    generatedAt: new Date(startedAt).toISOString(),
    durationMs: Math.max(0, clock() - startedAt),
    settings: {
      ...settings,
      policy: policyInfo(choice),
      quantiles: 'type7-linear',
      ...(choice.name === 'scripted'
        ? {}
        : { llm: llmReportSettings(choice, price, options.budget ?? {}) }),
      sandbox,
      ...(options.shard ? { shard: options.shard } : {}),
    },
    manifest: { ...manifest, scenarios: scenarios.map((s) => s.id) },
    fixtures,
    servers: described.servers,
    scenarios: described.scenarioReports,
  });
  const stopped = models?.budget.exceeded() ?? null;
  if (stopped !== null) {
    report.partial = { reason: `${stopped}: the bench stopped before every run` };
    report.gating_eligible = false;
    logger.warn(`budget: ${stopped}; the report is partial`);
  }
  if (options.outDir !== undefined) await writeReport(options.outDir, report);
  if (!report.gating_eligible) {
    logger.warn(
      `${settings.runs} run(s) per scenario: fewer than ${MIN_GATING_RUNS}, so this report is not eligible for gating or publication`,
    );
  }
  return report;
}
