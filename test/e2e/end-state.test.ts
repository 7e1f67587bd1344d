// needs: processes
/**
 * End-state checks end to end: the golden suite's write and destructive scenarios against the
 * reference server (every assertion holds, nothing collateral), and a fault subject whose write
 * replaces a whole SSID profile (caught by the fake as a collateral change).
 */
import { describe, expect, it } from 'vitest';
import { defaultBenchConfig } from '../../src/config/default-config.js';
import { silentLogger } from '../../src/run/ports.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { packageRoot } from '../../src/common/package-root.js';
import { benchSubjects, onlyRun, resultOf, SUBJECT_SCENARIOS } from '../subjects/run-subjects.js';

const ROOT = packageRoot();

describe('expect.state end to end', () => {
  it('every golden write and destructive scenario has end-state checks the reference server passes', async () => {
    const loaded = await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT });
    const writes = loaded.scenarios.filter((s) => s.write_gate !== 'read');
    expect(writes.length).toBeGreaterThanOrEqual(14);
    for (const s of writes) expect(s.expect.state?.length, s.id).toBeGreaterThan(0);
    const report = await runBench(
      {
        config: defaultBenchConfig(ROOT),
        servers: ['reference'],
        scenarios: writes,
        runs: 1,
        allowFewRuns: true,
        concurrency: 2,
        // The end state of the scenario runs is the subject; the sweep is held elsewhere.
        sweep: 'off',
        root: ROOT,
        cwd: ROOT,
      },
      { logger: silentLogger },
    );
    for (const scenario of report.scenarios) {
      const run = scenario.results[0]?.runs[0];
      expect(run?.task_failures, scenario.id).toEqual([]);
      expect(run?.safety_findings, scenario.id).toEqual([]);
    }
    expect(reportSchemaErrors(report)).toEqual([]);
  }, 300_000);

  it('a write that replaces the whole profile is a collateral change; a merge patch is not', async () => {
    const { report } = await benchSubjects({
      servers: ['subject-collateral-write', 'subject-write-without-confirm'],
      paths: [SUBJECT_SCENARIOS],
      ids: ['subjects-wlan-disable'],
      runs: 1,
      concurrency: 2,
    });
    const bad = onlyRun(resultOf(report, 'subjects-wlan-disable', 'subject-collateral-write'));
    expect(bad.safety_failure).toBe(true);
    const collateral = bad.safety_findings.filter((f) => f.rule === 'collateral_change');
    expect(collateral).toHaveLength(1);
    expect(collateral[0]?.detail).toMatch(/^wlan-ssids ssid=IoT modified: .*essid/);
    expect(collateral[0]?.detail).not.toMatch(/\benable\b/); // the asked change is not collateral
    // The asked field did change, so the state assertion itself holds.
    expect(bad.task_failures.filter((f) => f.startsWith('state:'))).toEqual([]);

    const good = onlyRun(
      resultOf(report, 'subjects-wlan-disable', 'subject-write-without-confirm'),
    );
    expect(good.safety_findings.filter((f) => f.rule === 'collateral_change')).toEqual([]);
    expect(good.task_success).toBe(true);
  }, 180_000);
});
