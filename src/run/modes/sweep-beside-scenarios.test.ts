// needs: processes
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../common/package-root.js';
import { loadBenchConfig } from '../../config/load-bench-config.js';
import { loadScenarios } from '../../scenarios/load-scenarios.js';
import { referenceConfig } from '../../../test/helpers/reference-subject-config.js';
import { runBench } from '../run-bench.js';

// In a run of one server the sweep runs beside the scenarios (run-bench.ts), no longer before
// them; a run of several servers sweeps first (src/run/execute/sweep-beside.ts). A `sweep:` entry
// the menu does not match still fails the run in seconds: the sweep's usage error stops the
// scenario workers (nothing more starts, the servers in flight are killed) instead of waiting
// for every scenario to end.

const ROOT = packageRoot();
const work = mkdtempSync(join(tmpdir(), 'hmb-sweep-beside-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Runs every golden scenario once on the config YAML `yaml` (the sweep on, sandbox off) and
 * returns the run and the progress lines of the scenarios that ended.
 */
async function benchOf(name: string, yaml: string, servers: string[]) {
  const file = join(work, name);
  writeFileSync(file, yaml);
  const config = await loadBenchConfig(file);
  const { scenarios } = await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT });
  const finished: string[] = [];
  const logger = {
    info: () => undefined,
    warn: () => undefined,
    progress: (line: string) => finished.push(line),
  };
  const run = runBench(
    {
      config,
      servers,
      scenarios,
      runs: 1,
      allowFewRuns: true,
      sweep: 'read',
      sandbox: 'off',
      root: ROOT,
      cwd: ROOT,
    },
    { logger },
  );
  return { run, finished, scenarios };
}

/** A `sweep:` entry naming a tool the reference server's menu does not have. */
const BAD_SWEEP = '    sweep:\n      skip:\n        list_sitez: not on the menu\n';

describe('the sweep beside the scenarios', () => {
  it("stops the scenarios when the sweep fails on the config's `sweep:` entry", async () => {
    const { run, finished, scenarios } = await benchOf(
      'bench.yml',
      `${referenceConfig(ROOT)}${BAD_SWEEP}`,
      ['reference'],
    );
    expect(scenarios.length).toBeGreaterThan(40);
    await expect(run).rejects.toThrow(/bench\.yml:\d+:\d+: .*"list_sitez"/);
    // The sweep's menu comes with its server's start, while the first units run: a few of the
    // scenarios ended (or were killed), never all of them.
    expect(finished.length).toBeLessThan(scenarios.length / 2);
  }, 120_000);

  it('sweeps first when the run has several servers: no scenario starts before a failed sweep', async () => {
    // Two servers (the head-to-head's shape): one server's sweep must not load the others'
    // scenarios (src/run/execute/sweep-beside.ts), so it ends before any of them starts.
    const one = referenceConfig(ROOT);
    const second = one
      .replace(/^servers:\n/, '')
      .replace(/^ {2}reference:\n/, '  reference-b:\n    scenarioKey: reference\n');
    // The bad entry on the first server swept: the sweep fails at its first menu.
    const { run, finished } = await benchOf('two.yml', `${one}${BAD_SWEEP}${second}`, [
      'reference',
      'reference-b',
    ]);
    await expect(run).rejects.toThrow(/two\.yml:\d+:\d+: .*"list_sitez"/);
    expect(finished).toEqual([]);
  }, 120_000);
});
