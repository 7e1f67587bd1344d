// needs: processes
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/types.js';
import { bundledBenchFile, cliWithoutSweep } from '../helpers/h2h-run.js';

// Issue 36's "equal terms" end to end through scripts/h2h/run.sh: `eras` finds the dual-era
// subject (test/mcp-servers/subject-dual-era.ts, which cannot ask for confirmation on
// 2026-07-28), the run scores it twice (dual, dual@2025-11-25), and the page ranks both servers
// on 2025-11-25, the era they share, with the subject's 2026-07-28 figures beside it and why.
// The servers start from their bundles and the run leaves the sweep off (test/helpers/h2h-run.ts):
// through tsx and with the sweep, the script took 98 s at load 5–7, against 32 s alone.
describe('a dual-era server in the head-to-head', () => {
  it('is run in both eras and the page ranks on the common one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'h2h-eras-'));
    const install = join(dir, 'install.sh');
    writeFileSync(install, 'echo "installed $1"');
    const out = join(dir, 'out');
    const result = spawnSync(
      'bash',
      ['scripts/h2h/run.sh', '--servers', 'reference,dual', '--runs', '1', '--out', out],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          HPE_MCP_BENCH: cliWithoutSweep(dir),
          H2H_CONFIG: bundledBenchFile('test/h2h/dual-era-bench.yml', dir),
          H2H_CLASSIFICATION: '',
          H2H_INSTALL: install,
          H2H_SCENARIOS: 'test/subjects/scenarios',
        },
        timeout: 280_000,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(join(out, 'eras.jsonl'), 'utf8')).toContain('"variant":"dual@2025-11-25"');

    // report.json: both entries of the subject, labelled with their era and their origin.
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report;
    const entries = report.servers.map((s) => [s.name, s.protocol_version, s.era_of ?? null]);
    expect(entries).toEqual([
      ['reference', '2025-11-25', null],
      ['dual', '2026-07-28', null],
      ['dual@2025-11-25', '2025-11-25', 'dual'],
    ]);
    const passed = (server: string) =>
      report.overall.find((o) => o.server === server)?.task_success.passed;
    expect([passed('dual'), passed('dual@2025-11-25')]).toEqual([3, 5]);

    // The page: one row per server, both on 2025-11-25; 2026-07-28 beside, with the cause.
    const name = readFileSync(join(out, 'page-name.txt'), 'utf8').trim();
    const page = readFileSync(join(out, `${name}.md`), 'utf8');
    const ranking = page.slice(
      page.indexOf('## Ranking on equal terms'),
      page.indexOf('## What failed'),
    );
    expect(ranking).toContain(
      'Every server is ranked on MCP 2025-11-25, the revision all of them speak',
    );
    expect(ranking).toMatch(
      /\| dual@2025-11-25 \| 2025-11-25 \(legacy\) \|\s+5\/5 \|\s+1\.00 \(5\/5\) \|.*\| 2026-07-28: 0\.60 \(3\/5\) +\|/,
    );
    expect(ranking).toMatch(/\| reference +\| 2025-11-25 \(legacy\) \|/);
    expect(ranking).not.toMatch(/^\| dual +\|/m);
    expect(ranking).toContain(
      '- **dual** beside dual@2025-11-25: 2 scenarios that pass on 2025-11-25 fail on 2026-07-28 (subjects-wlan-disable, subjects-wlan-vlan-change): where they pass the server asked for confirmation (elicitation) and sent the action; where they fail it asked for none and sent none.',
    );
    expect(ranking).not.toContain('Protocol eras differ');
  }, 300_000);
});
