import { MIN_GATING_RUNS } from '../report/build-report.js';
import type { Report } from '../report/types.js';
import { writeReport } from '../report-io/write-report.js';
import { resolveSandbox } from '../servers/launch/sandbox/probe-sandbox.js';
import { settingsWarnings } from './request/check-options.js';
import { loadTokenizer } from '../tokens/count-tokens.js';
import { assembleReport, readProvenance } from './assemble/assemble-report.js';
import { attachSweeps, runSweep } from './modes/run-sweep.js';
import { executeBench } from './execute/execute-bench.js';
import { planBench, planModels, type BenchPlan } from './plan/plan-bench.js';
import { deriveDeadlineMs, startDeadline } from './execute/run-deadline.js';
import type { Clock, Logger } from './ports.js';
import type { RunBenchOptions } from './request/run-bench-options.js';
import { trace } from '../common/trace.js';
import { sweepBesideScenarios } from './execute/sweep-beside.js';

/** The deadline given (`--deadline`, input `deadline`), else the plan's derived worst case. */
function runDeadline(options: RunBenchOptions, plan: BenchPlan): [number, string] {
  if (options.deadlineMs !== undefined) return [options.deadlineMs, 'given'];
  const { ms, capped } = deriveDeadlineMs(plan.units, plan.settings.concurrency);
  return [ms, capped ? "derived, capped below GitHub's 6-hour job limit" : 'derived from the plan'];
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
 *
 * Three phases: planning (planBench, planModels: every check before a server starts), execution
 * (executeBench) and report assembly (assembleReport).
 */
export async function runBench(options: RunBenchOptions, ports: RunBenchPorts): Promise<Report> {
  const clock = ports.clock ?? Date.now;
  const startedAt = clock();
  const { logger } = ports;
  trace('bench.start');
  const plan = planBench(options);
  trace('bench.planned');
  // Before any server starts: what the report names is what the runs served.
  const provenance = await readProvenance(options);
  for (const warning of settingsWarnings(plan.settings)) logger.warn(warning);
  await loadTokenizer(plan.settings.tokenizer);
  trace('bench.tokenizer');
  const sandbox = await resolveSandbox(plan.settings.sandbox);
  if (!sandbox.applied && sandbox.requested === 'auto') {
    logger.warn(
      `servers run without the sandbox: ${sandbox.reason ?? 'not available'} (README, Security)`,
    );
  }
  // This bench's own (prepareBench read them from its request); only the leak check sees them.
  const secrets = options.harnessSecrets ?? [];
  const model = await planModels(options);
  trace('bench.models');

  // The deadline bounds the sweep too: a hanging tool there would otherwise hold the run.
  const deadline = startDeadline(...runDeadline(options, plan));
  const { sweeps, ...executed } = await (async () => {
    // A one-server run sweeps beside the scenarios, not before them: both mostly wait (servers
    // starting, a server's own poll interval), so the run takes about the longer of the two on
    // two cores. The sweep's servers and fakes are its own; no result but latency depends on the
    // overlap, and a run of several servers sweeps first so theirs compare (sweep-beside.ts).
    const sweeping = runSweep(options.sweep ?? 'read', plan, {
      root: options.root,
      secrets,
      shardIndex: options.shard?.index ?? null,
      deadline,
    }).finally(() => trace('sweep.end'));
    if (!sweepBesideScenarios(plan.units)) await sweeping;
    // A failed sweep (a `sweep:` entry the menu does not match fails in seconds) stops the
    // scenarios at once instead of after them; its error is thrown below.
    const failed = sweeping.then(
      () => new Promise<never>(() => undefined),
      () => undefined,
    );
    const done = await executeBench(plan, model, {
      root: options.root,
      secrets,
      logger,
      deadline,
      abort: failed,
    });
    trace('execute.end');
    const swept = await sweeping;
    return { ...done, sweeps: swept };
  })().finally(() => deadline.dispose());

  const report = attachSweeps(
    await assembleReport(
      options,
      { plan, model, ...executed, sandbox, startedAt, clock, provenance },
      logger,
    ),
    sweeps,
  );
  trace('report.assembled');
  if (options.outDir !== undefined) await writeReport(options.outDir, report);
  trace('report.written');
  if (plan.settings.runs < MIN_GATING_RUNS) {
    logger.warn(
      `${plan.settings.runs} run(s) per scenario: fewer than ${MIN_GATING_RUNS}, so this report is not eligible for gating or publication`,
    );
  }
  return report;
}
