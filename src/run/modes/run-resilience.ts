import type { FaultPlan } from '../../../fake-central/index.js';
import type { Report } from '../../report/types.js';
import { aggregateResilience } from '../../resilience/aggregate-resilience.js';
import { RESILIENCE_FAULTS, type MatrixFault } from '../../resilience/fault-matrix.js';
import { runBench, type RunBenchPorts } from '../run-bench.js';
import type { RunBenchOptions } from '../request/run-bench-options.js';
import { writeReport } from '../../report-io/write-report.js';

/** The plan with `match` set on every fault that takes one and has none. */
export function aimedAt(plan: FaultPlan, match: string[]): FaultPlan {
  if (match.length === 0) return plan;
  return {
    ...plan,
    faults: plan.faults.map((f) => (f.kind === 'token_expiry' || f.match ? f : { ...f, match })),
  };
}

/**
 * The resilience matrix (docs/resilience.md): the scenarios once without faults, then once per
 * matrix fault, each fault pinned to call counts. Returns the fault-free report with
 * `resilience` added (and writes it when `outDir` is set). A fault plan in `options` is
 * ignored: the matrix sets its own.
 */
export async function runResilience(
  options: RunBenchOptions,
  ports: RunBenchPorts,
  faults: readonly MatrixFault[] = RESILIENCE_FAULTS,
): Promise<Report> {
  const { outDir, ...rest } = options;
  ports.logger.info('resilience: the scenarios without faults');
  const baseline = await runBench({ ...rest, faults: null }, ports);
  // Faults hit the scenarios' own expected calls, not a server's start-up probe.
  const match = [...new Set(options.scenarios.flatMap((s) => s.expect.api_calls))].sort();
  const faulted: { fault: MatrixFault; report: Report }[] = [];
  for (const fault of faults) {
    ports.logger.info(`resilience: under ${fault.name} (${fault.plan.description ?? ''})`);
    const plan = aimedAt(fault.plan, match);
    // The fault-free run swept the menu; a fault run sweeping it again would learn nothing new.
    const report = await runBench({ ...rest, faults: plan, sweep: 'off' }, ports);
    faulted.push({ fault: { ...fault, plan }, report });
  }
  const report: Report = { ...baseline, resilience: aggregateResilience(baseline, faulted) };
  if (outDir !== undefined) await writeReport(outDir, report);
  return report;
}
