// needs: processes
/**
 * A fact's named source, end to end: client-diagnosis-004 asks for the guest pool's state on the
 * gateway; its pool name and lease time are also in the audit log's entry of the change. The
 * reference server passes it. A copy whose show-command tool answers nothing
 * (test/mcp-servers/subject-show-commands-silent.ts) still finds both values in the audit log,
 * so it passes the scenario without `expect.fact_sources` and fails it with them, the failure
 * naming the fact and its source tool.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/common/package-root.js';
import { parseBenchConfig } from '../../src/config/load-bench-config.js';
import type { Report } from '../../src/report/types.js';
import { silentLogger } from '../../src/run/ports.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import type { Scenario } from '../../src/scenarios/types.js';
import { referenceConfig, referenceSubjectConfig } from '../helpers/reference-subject-config.js';

const ROOT = packageRoot();
const ID = 'client-diagnosis-004';
let scratch: string;
let scenario: Scenario;

async function bench(name: string, configText: string, which: Scenario): Promise<Report> {
  const config = parseBenchConfig(join(scratch, `${name}.yml`), configText);
  return runBench(
    {
      config,
      servers: ['reference'],
      scenarios: [which],
      runs: 1,
      allowFewRuns: true,
      root: ROOT,
      cwd: ROOT,
      sandbox: 'off',
      sweep: 'off',
    },
    { logger: silentLogger },
  );
}

const failuresOf = (report: Report): string[] =>
  report.scenarios[0]?.results[0]?.runs[0]?.task_failures ?? [];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'fact-sources-gate-'));
  const { scenarios } = await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT });
  const found = scenarios.find((s) => s.id === ID);
  if (!found) throw new Error(`${ID} is not in scenarios/`);
  scenario = found;
}, 60_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('expect.fact_sources', () => {
  it('passes the reference server, whose show command returns the pool', async () => {
    expect(scenario.expect.fact_sources?.leaseTime?.reference).toEqual(['run_show_commands']);
    expect(failuresOf(await bench('reference', referenceConfig(ROOT), scenario))).toEqual([]);
  }, 120_000);

  it('fails a broken show command the audit log would have hidden', async () => {
    const config = referenceSubjectConfig(ROOT, 'subject-show-commands-silent.ts');
    const failures = failuresOf(await bench('silent', config, scenario));
    expect(failures).toEqual([
      'fact poolName (guest-pool) is not in the results of run_show_commands: the answer took it from another tool',
      'fact leaseTime (7 days) is not in the results of run_show_commands: the answer took it from another tool',
    ]);
    // Without the sources the same run passes: the audit log holds both values.
    const { fact_sources: _sources, ...unsourcedExpect } = scenario.expect;
    const unsourced = { ...scenario, expect: unsourcedExpect };
    expect(failuresOf(await bench('silent-unsourced', config, unsourced))).toEqual([]);
  }, 120_000);
});
