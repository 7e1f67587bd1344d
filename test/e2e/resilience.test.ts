// needs: processes
/**
 * The resilience matrix end to end: every fault of the matrix, injected by a real fake, against
 * the reference server (from source, so a stale dist/ bundle cannot hide a change) and a fault
 * subject that retries at once (ignoring Retry-After, re-sending a refused 400) and trusts a
 * short page; every figure counted server-side. The task faults need a scenario with an async
 * task, so they run on one golden scenario of the `resilience` suite.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBenchConfig } from '../../src/config/load-bench-config.js';
import { defaultBenchConfig } from '../../src/config/default-config.js';
import type { BenchConfig, StdioServerConfig } from '../../src/config/types.js';
import { silentLogger } from '../../src/run/ports.js';
import { renderSummaryMarkdown } from '../../src/report/render-summary.js';
import type { Report } from '../../src/report/types.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { RESILIENCE_FAULTS } from '../../src/resilience/fault-matrix.js';
import { resilienceScenarios } from '../../src/resilience/resilience-suite.js';
import { runResilience } from '../../src/run/modes/run-resilience.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { packageRoot } from '../../src/common/package-root.js';
import { SUBJECT_SCENARIOS, SUBJECTS_CONFIG } from '../subjects/run-subjects.js';
import { bundledArgs, bundledServers } from '../helpers/bundled-servers.js';

const ROOT = packageRoot();
const ALL = RESILIENCE_FAULTS.map((f) => f.name);
const TASK_FAULTS = ['task_stuck_running', 'task_failed'];
let subjects: Report;
let tasks: Report;

function referenceFromSource(): StdioServerConfig {
  const reference = defaultBenchConfig(ROOT).servers.reference as StdioServerConfig;
  return {
    ...reference,
    args: bundledArgs(['--import', 'tsx', join(ROOT, 'examples', 'reference-server', 'index.ts')]),
  };
}

beforeAll(async () => {
  const loaded = bundledServers(await loadBenchConfig(SUBJECTS_CONFIG));
  const config: BenchConfig = {
    ...loaded,
    servers: { ...loaded.servers, reference: referenceFromSource() },
  };
  const common = { config, runs: 1, allowFewRuns: true, concurrency: 2, root: ROOT, cwd: ROOT };
  const own = await loadScenarios([SUBJECT_SCENARIOS], { root: ROOT, cwd: ROOT });
  const golden = await loadScenarios([join(ROOT, 'scenarios')], { root: ROOT, cwd: ROOT });
  [subjects, tasks] = await Promise.all([
    runResilience(
      {
        ...common,
        servers: ['reference', 'subject-impatient-retry'],
        scenarios: own.scenarios.filter((s) => s.id === 'subjects-offline-devices'),
      },
      { logger: silentLogger },
      RESILIENCE_FAULTS.filter((f) => !TASK_FAULTS.includes(f.name)),
    ),
    runResilience(
      {
        ...common,
        servers: ['reference'],
        scenarios: resilienceScenarios(golden.scenarios).filter(
          (s) => s.id === 'client-diagnosis-003',
        ),
      },
      { logger: silentLogger },
      RESILIENCE_FAULTS.filter((f) => TASK_FAULTS.includes(f.name)),
    ),
  ]);
}, 300_000);

const cellOf = (report: Report, server: string, fault: string) => {
  const found = report.resilience?.cells.find((c) => c.server === server && c.fault === fault);
  if (!found) throw new Error(`no cell ${server} × ${fault}`);
  return found;
};

describe('run --resilience', () => {
  it('records the matrix it ran, aimed at the scenario’s calls, in a schema-valid report', () => {
    expect(reportSchemaErrors(subjects)).toEqual([]);
    expect(reportSchemaErrors(tasks)).toEqual([]);
    const ran = [...(subjects.resilience?.faults ?? []), ...(tasks.resilience?.faults ?? [])];
    expect(new Set(ran.map((f) => f.name))).toEqual(new Set(ALL));
    expect(subjects.resilience?.faults[0]?.plan.faults[0]).toMatchObject({
      kind: 'rate_limit',
      first: 1,
      match: ['GET /network-monitoring/v1/devices'],
    });
    // The fault-free run is the report itself.
    expect(subjects.settings.faults).toBeNull();
    expect(renderSummaryMarkdown(subjects)).toContain('Resilience (the fault matrix');
  });

  it('the reference server honours Retry-After and recovers; the fault cost it one call', () => {
    const cell = cellOf(subjects, 'reference', 'rate_limit');
    expect(cell).toMatchObject({
      exercised: true,
      retry_after_early: 0,
      retries_after_client_error: 0,
      extra_calls: 1,
      recovery_calls: 1,
      resilient: true,
    });
    expect(cell.recovery_ms).toBeGreaterThanOrEqual(1000);
    for (const fault of ['token_expiry', 'latency_spike']) {
      expect(cellOf(subjects, 'reference', fault), fault).toMatchObject({
        exercised: true,
        resilient: true,
      });
    }
  });

  it('the reference server asks a short page again; the subject trusts it and loses the device', () => {
    expect(cellOf(subjects, 'reference', 'short_page')).toMatchObject({
      exercised: true,
      short_page_misses: 0,
      extra_calls: 1,
      resilient: true,
    });
    const trusting = cellOf(subjects, 'subject-impatient-retry', 'short_page');
    expect(trusting).toMatchObject({ exercised: true, short_page_misses: 1, resilient: false });
    expect(trusting.task_success?.majority).toBe(false);
  });

  it('a burst of two 503s beats a server that retries a GET once', () => {
    expect(cellOf(subjects, 'reference', 'server_error_burst')).toMatchObject({
      exercised: true,
      extra_calls: 1,
      resilient: false,
    });
    expect(cellOf(subjects, 'reference', 'server_error_burst').task_success?.majority).toBe(false);
  });

  it('a 400 is not retried by the reference server: it fails cleanly', () => {
    expect(cellOf(subjects, 'reference', 'client_error')).toMatchObject({
      exercised: true,
      retries_after_client_error: 0,
      resilient: true,
    });
  });

  it('the impatient subject ignores Retry-After and re-sends the refused request (counted by the fake)', () => {
    const limited = cellOf(subjects, 'subject-impatient-retry', 'rate_limit');
    expect(limited.retry_after_early).toBeGreaterThanOrEqual(1);
    expect(limited.resilient).toBe(false);
    const refused = cellOf(subjects, 'subject-impatient-retry', 'client_error');
    // The 400 hits the first call only: the one identical retry is answered, and counted.
    expect(refused.retries_after_client_error).toBe(1);
    expect(refused.resilient).toBe(false);
  });

  it('task faults: a scenario without tasks is not exercised; one with a task waits or fails cleanly', () => {
    const running = cellOf(tasks, 'reference', 'task_stuck_running');
    expect(running).toMatchObject({ exercised: true, resilient: true });
    // Three RUNNING answers cost three more polls.
    expect(running.extra_calls).toBe(3);
    expect(running.task_success?.majority).toBe(true);
    const failed = cellOf(tasks, 'reference', 'task_failed');
    expect(failed).toMatchObject({ exercised: true, resilient: true });
    expect(failed.task_success?.majority).toBe(false);
  });

  it('scores each server over the cells it exercised', () => {
    const scores = subjects.resilience?.scores ?? [];
    // 6 faults ran on a scenario without tasks: all exercised; only the 503 burst beat it.
    expect(scores.find((s) => s.server === 'reference')).toMatchObject({
      exercised: 6,
      resilient: 5,
      score: 0.833,
    });
    const impatient = scores.find((s) => s.server === 'subject-impatient-retry');
    expect(impatient?.score).toBeLessThan(0.5);
    expect(impatient?.short_page_misses).toBe(1);
  });
});
