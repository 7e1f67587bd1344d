/**
 * The resilience matrix end to end: the reference server and a fault subject that retries at
 * once (ignoring Retry-After, re-sending a refused 400), each under real faults injected by a
 * real fake, every figure counted server-side.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBenchConfig } from '../../src/config/load-bench-config.js';
import { defaultBenchConfig } from '../../src/config/default-config.js';
import { silentLogger } from '../../src/ports.js';
import { renderSummaryMarkdown } from '../../src/report/render-summary.js';
import type { Report } from '../../src/report/types.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { RESILIENCE_FAULTS } from '../../src/resilience/fault-matrix.js';
import { runResilience } from '../../src/run-resilience.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { packageRoot } from '../../src/scenarios/package-root.js';
import { SUBJECT_SCENARIOS, SUBJECTS_CONFIG } from '../subjects/run-subjects.js';

const ROOT = packageRoot();
// In matrix order.
const FAULTS = ['rate_limit', 'token_expiry', 'task_failed', 'client_error'];
let report: Report;

beforeAll(async () => {
  const subjects = await loadBenchConfig(SUBJECTS_CONFIG);
  const config = {
    ...subjects,
    servers: { ...subjects.servers, reference: defaultBenchConfig(ROOT).servers.reference! },
  };
  const loaded = await loadScenarios([SUBJECT_SCENARIOS], { root: ROOT, cwd: ROOT });
  report = await runResilience(
    {
      config,
      servers: ['reference', 'subject-impatient-retry'],
      scenarios: loaded.scenarios.filter((s) => s.id === 'subjects-offline-devices'),
      runs: 1,
      allowFewRuns: true,
      concurrency: 2,
      root: ROOT,
      cwd: ROOT,
    },
    { logger: silentLogger },
    RESILIENCE_FAULTS.filter((f) => FAULTS.includes(f.name)),
  );
}, 300_000);

const cellOf = (server: string, fault: string) => {
  const found = report.resilience?.cells.find((c) => c.server === server && c.fault === fault);
  if (!found) throw new Error(`no cell ${server} × ${fault}`);
  return found;
};

describe('run --resilience', () => {
  it('records the matrix it ran, aimed at the scenario’s calls, in a schema-valid report', () => {
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.resilience?.faults.map((f) => f.name)).toEqual(FAULTS);
    expect(report.resilience?.faults[0]?.plan.faults[0]).toMatchObject({
      kind: 'rate_limit',
      first: 1,
      match: ['GET /network-monitoring/v1/devices'],
    });
    // The fault-free run is the report itself.
    expect(report.settings.faults).toBeNull();
    expect(renderSummaryMarkdown(report)).toContain('Resilience (the fault matrix');
  });

  it('the reference server honours Retry-After and recovers; the fault cost it one call', () => {
    const cell = cellOf('reference', 'rate_limit');
    expect(cell).toMatchObject({
      exercised: true,
      retry_after_early: 0,
      retries_after_client_error: 0,
      extra_calls: 1,
      recovery_calls: 1,
      resilient: true,
    });
    expect(cell.recovery_ms).toBeGreaterThanOrEqual(1000);
    expect(cellOf('reference', 'token_expiry')).toMatchObject({ exercised: true, resilient: true });
  });

  it('a 400 is not retried by the reference server: it fails cleanly', () => {
    expect(cellOf('reference', 'client_error')).toMatchObject({
      exercised: true,
      retries_after_client_error: 0,
      resilient: true,
    });
  });

  it('the impatient subject ignores Retry-After and re-sends the refused request (counted by the fake)', () => {
    const limited = cellOf('subject-impatient-retry', 'rate_limit');
    expect(limited.retry_after_early).toBeGreaterThanOrEqual(1);
    expect(limited.resilient).toBe(false);
    const refused = cellOf('subject-impatient-retry', 'client_error');
    // The 400 hits the first call only: the one identical retry is answered, and counted.
    expect(refused.retries_after_client_error).toBe(1);
    expect(refused.resilient).toBe(false);
  });

  it('a task fault on a scenario without tasks is not exercised, and not scored', () => {
    expect(cellOf('reference', 'task_failed')).toMatchObject({ exercised: false, resilient: null });
    const scores = report.resilience?.scores ?? [];
    expect(scores.find((s) => s.server === 'reference')).toMatchObject({
      exercised: 3,
      resilient: 3,
      score: 1,
    });
    const impatient = scores.find((s) => s.server === 'subject-impatient-retry');
    expect(impatient?.score).toBeLessThan(1);
  });
});
