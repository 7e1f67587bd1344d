/**
 * One pull request's job, as the action runs it with its defaults (action.yml: the golden suite,
 * 5 runs, the cores as concurrency, isolation `scenario`, sandbox `auto`, sweep `read`, the
 * scripted policy, empty thresholds), and the gate against a baseline report: `run` then
 * `compare`. Nothing here decides anything the action would not.
 */
import { loadavg } from 'node:os';
import { gate, type GateResult } from '../../src/gate/gate.js';
import { parseThresholds } from '../../src/gate/thresholds.js';
import type { Report } from '../../src/report/types.js';
import { ACTION_NAMING } from '../../src/run/request/bench-request.js';
import { prepareBench } from '../../src/run/prepare-bench.js';
import { silentLogger } from '../../src/run/ports.js';
import { noSecrets } from '../../src/common/secrets.js';

/** A bench's report, how long it took and the 1-minute load average at its start and end. */
export interface TimedReport {
  report: Report;
  wallMs: number;
  load: [number, number];
}

/** `run` with the action's default inputs against the servers of `config`. */
export async function prRun(root: string, config: string): Promise<TimedReport> {
  const started = Date.now();
  const loadBefore = loadavg()[0] ?? 0;
  const prepared = await prepareBench({
    config,
    servers: [],
    scenarioPaths: [],
    suites: [],
    scenarioIds: [],
    shard: null,
    cwd: root,
    runs: 5,
    allowFewRuns: true,
    faults: null,
    resilience: false,
    sweep: 'read',
    policy: {},
    budget: {},
    env: {},
    secrets: noSecrets(),
    naming: ACTION_NAMING,
  });
  const report = await prepared.run({ logger: silentLogger });
  return { report, wallMs: Date.now() - started, load: [loadBefore, loadavg()[0] ?? 0] };
}

/** `compare` with the action's empty `thresholds` input, as `finishGate` calls the gate. */
export function compareWithBaseline(report: Report, baseline: Report): GateResult {
  return gate(
    report,
    {
      report: baseline,
      sha: 'baseline',
      savedAt: baseline.generated_at,
      now: Date.parse(report.generated_at),
    },
    parseThresholds(''),
  );
}
