/**
 * The golden suite against the reference server on the official SDK v2, in each new era: a
 * 2026-07-28-only one over stdio and a dual-era one over streamable HTTP (the SDK 1.x reference,
 * the 2025 era, is what every other golden-suite test runs). Every scenario must pass, writes
 * included (their confirmation is an input_required round trip on 2026-07-28), with nothing
 * unsafe. One run each, a process per server (isolation server), to stay within seconds.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { spawnCli } from '../helpers/run-cli.js';
import { eraConfig, EXPECTED_ERA, type EraSubject } from './era-subjects.js';

describe('the golden suite on the SDK v2 reference server, per era', () => {
  it('passes every scenario on a 2026-07-28-only (stdio) and a dual-era (HTTP) server', async () => {
    const subjects: EraSubject[] = ['modern-stdio', 'dual-http'];
    const { file, dir } = await eraConfig(subjects);
    const result = await spawnCli([
      'run',
      '--config',
      file,
      '--runs',
      '1',
      '--allow-few-runs',
      '--isolation',
      'server',
      '--concurrency',
      '2',
      '--quiet',
      '--out',
      dir,
    ]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    for (const name of subjects) {
      const server = report.servers.find((s: { name: string }) => s.name === name);
      expect([server.protocol_era, server.protocol_version], name).toEqual([...EXPECTED_ERA[name]]);
    }
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
