// needs: processes
/**
 * The replayed-id lint through a real run: config-compliance-001's reference plan as it was
 * written before (the second step passes the out-of-sync switch's serial as a literal, the
 * serial the first step's listing returned) warns once, naming the step, the value and its
 * source; the plan as it is now (the serial taken from the listing with $from) runs without a
 * warning and passes, five runs or one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/common/package-root.js';
import { parseBenchConfig } from '../../src/config/load-bench-config.js';
import type { Report } from '../../src/report/types.js';
import { runBench } from '../../src/run/run-bench.js';
import type { Logger } from '../../src/run/ports.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import type { Scenario } from '../../src/scenarios/types.js';
import { referenceConfig } from '../helpers/reference-subject-config.js';

const ROOT = packageRoot();
let scratch: string;
let scenario: Scenario;
let failedClients: Scenario;

async function bench(
  which: Scenario,
  runs: number,
): Promise<{ report: Report; warnings: string[] }> {
  const warnings: string[] = [];
  const logger: Logger = { info: () => {}, progress: () => {}, warn: (m) => warnings.push(m) };
  const config = parseBenchConfig(join(scratch, 'reference.yml'), referenceConfig(ROOT));
  const report = await runBench(
    {
      config,
      servers: ['reference'],
      scenarios: [which],
      runs,
      allowFewRuns: true,
      root: ROOT,
      cwd: ROOT,
      sandbox: 'off',
      sweep: 'off',
    },
    { logger },
  );
  return { report, warnings: warnings.filter((w) => w.startsWith('plan:')) };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'plan-replays-'));
  const { scenarios } = await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT });
  const found = scenarios.find((s) => s.id === 'config-compliance-001');
  if (!found) throw new Error('config-compliance-001 is not in scenarios/');
  scenario = found;
  const paged = scenarios.find((s) => s.id === 'client-diagnosis-006');
  if (!paged) throw new Error('client-diagnosis-006 is not in scenarios/');
  failedClients = paged;
}, 60_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('plan arguments that replay an earlier result', () => {
  it('warns once about a literal serial the listing returned', async () => {
    const plan = scenario.plans.reference ?? [];
    const replaying = {
      ...scenario,
      plans: {
        reference: [plan[0]!, { ...plan[1]!, arguments: { serial: 'SGDF2411V6' } }],
      },
    };
    const { report, warnings } = await bench(replaying, 2);
    expect(warnings).toEqual([
      'plan: config-compliance-001: plans.reference step 2 (get_config_issues) replays "SGDF2411V6", which step 1 (list_config_health) returned: take it with { $from: list_config_health, path: … }',
    ]);
    expect(report.scenarios[0]?.results[0]?.runs[0]?.task_success).toBe(true);
  }, 120_000);

  it('is quiet about the plan that takes the serial from the listing', async () => {
    expect(scenario.plans.reference?.[1]?.arguments).toEqual({
      serial: { $from: 'list_config_health', path: 'devices[0].serial' },
    });
    const { report, warnings } = await bench(scenario, 1);
    expect(warnings).toEqual([]);
    expect(report.scenarios[0]?.results[0]?.runs[0]?.task_success).toBe(true);
  }, 120_000);
});

describe('required facts that all sit on the first page', () => {
  // client-diagnosis-006 as it was first written: the worst site of 146 failed clients (two pages
  // at the API's default size), its name, id and first client, all on page 1. A server whose
  // client listing stopped after one page passed it.
  it('warns when every fact is on page 1 of the list the run paged through', async () => {
    const { worstSiteLastClient: _pastPageOne, ...firstPage } = failedClients.expect.facts;
    const weak = { ...failedClients, expect: { ...failedClients.expect, facts: firstPage } };
    const { warnings } = await bench(weak, 1);
    expect(warnings).toEqual([
      'plan: client-diagnosis-006: facts: every required fact is on page 1 of what the run paged through, GET /network-monitoring/v1/clients?filter=status+eq+%27Failed%27 (146 items, 2 pages of 100) [worstSiteName page 1, worstSiteId page 1, worstSiteFirstClient page 1]: a server that reads only the first page passes; add a fact only the complete data yields (a count, or a value past page 1)',
    ]);
  }, 120_000);

  it('is quiet about the scenario as it is, with a fact on page 2', async () => {
    const { report, warnings } = await bench(failedClients, 1);
    expect(warnings).toEqual([]);
    expect(report.scenarios[0]?.results[0]?.runs[0]?.task_success).toBe(true);
  }, 120_000);
});
