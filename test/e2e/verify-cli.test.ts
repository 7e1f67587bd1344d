// needs: processes
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/run-cli.js';
import { PUBLISHED, publishedPath, publishedReport } from '../helpers/report/published-report.js';

// `verify` as a user runs it: the CLI bundle this test run built, as its own process.
describe('hpe-mcp-bench verify as a process', () => {
  it('passes the committed head-to-head report with its page, and fails a copy with one figure edited', async () => {
    const ok = await spawnCli([
      'verify',
      PUBLISHED.report,
      '--page',
      PUBLISHED.page,
      '--page',
      PUBLISHED.dashboard,
    ]);
    expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: '' });
    expect(ok.stdout).toContain(`${PUBLISHED.report}: every re-derivable figure follows`);

    const report = publishedReport();
    const row = report.scenarios.find((s) => s.id === 'nac-001')?.results[1];
    if (!row?.task_success) throw new Error('nac-001 has no second server row with a verdict');
    const stored = row.task_success.pass_rate === 1 ? 0.8 : 1;
    const recomputed = row.task_success.pass_rate;
    row.task_success.pass_rate = stored;
    const edited = join(mkdtempSync(join(tmpdir(), 'verify-e2e-')), 'report.json');
    writeFileSync(edited, JSON.stringify(report));
    const bad = await spawnCli(['verify', edited, '--page', publishedPath(PUBLISHED.page)]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      `  nac-001 · ${row.server} · task_success pass_rate: stored ${stored}, recomputed ${recomputed}\n`,
    );
    // The page was made from the unedited report: its digest no longer matches.
    expect(bad.stdout).toContain('· figures digest: stored "sha256:');
  });

  it('exits 2 on a file that is not there, naming it and the fix', async () => {
    const { code, stderr } = await spawnCli(['verify', 'no/such/report.json']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      'hpe-mcp-bench verify: no/such/report.json: cannot read it (ENOENT)\n  hint: pass the path of a report.json written by `hpe-mcp-bench run`\n',
    );
  });
});
