// needs: processes
/**
 * The golden suite against the reference server on the official SDK v2, in each new era: a
 * 2026-07-28-only one over stdio and a dual-era one over streamable HTTP (the SDK 1.x reference,
 * the 2025 era, is what every other golden-suite test runs). Every scenario must pass, writes
 * included (their confirmation is an input_required round trip on 2026-07-28), with nothing
 * unsafe. One run each, a process per server (isolation server), to stay within seconds.
 */
import { describe, expect, it } from 'vitest';
import { benchEras, type EraSubject } from './era-subjects.js';

describe('the golden suite on the SDK v2 reference server, per era', () => {
  it('passes every scenario on a 2026-07-28-only (stdio) and a dual-era (HTTP) server', async () => {
    const subjects: EraSubject[] = ['modern-stdio', 'dual-http'];
    const { report } = await benchEras(subjects, ['--isolation', 'server', '--concurrency', '2']);
    // The whole golden suite ran (the manifest's every scenario) on both.
    expect(report.scenarios.length).toBeGreaterThanOrEqual(54);
    for (const scenario of report.scenarios) {
      expect(scenario.results.map((r: { server: string }) => r.server)).toEqual(subjects);
      for (const r of scenario.results) {
        const [run] = r.runs;
        expect([scenario.id, r.server, run.status, run.task_failures, run.safety_findings]).toEqual(
          [scenario.id, r.server, 'ok', [], []],
        );
      }
    }
  }, 240_000);
});
