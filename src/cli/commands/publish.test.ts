import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startCli } from '../../../test/helpers/run-cli.js';
import { goldenReport } from '../../../test/helpers/publish/helpers.js';

const golden = 'test/helpers/publish/fixtures/golden-report.json';

async function publish(...args: string[]) {
  const run = startCli(['publish', ...args]);
  const code = await run.done;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('hpe-mcp-bench publish', () => {
  const dir = mkdtempSync(join(tmpdir(), 'publish-'));
  const page = join(dir, 'page.md');
  const dashboard = join(dir, 'dash.html');

  it('writes the page and the dashboard, classified from the file, and warns about the rest', async () => {
    const classes = join(dir, 'classes.yml');
    writeFileSync(
      classes,
      [
        'classifications:',
        '  - server: subject-crash',
        '    scenario: subjects-offline-devices',
        '    class: harness-gap',
        '    summary: The subject crashes on purpose.',
        '  - server: reference',
        '    scenario: subjects-wlan-list',
        '    class: fake-gap',
        '    summary: Stale.',
      ].join('\n'),
    );
    const log = join(dir, 'ghost.log');
    writeFileSync(log, Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join('\n'));
    const result = await publish(
      golden,
      '--page',
      page,
      '--dashboard',
      dashboard,
      '--classification',
      classes,
      '--could-not-run',
      `ghost=${log}`,
    );
    expect(result.stderr).toContain(
      'warning: reference × subjects-wlan-list is classified (fake-gap) but passed: stale classification',
    );
    expect(result.stderr).toContain('warning: 9 non-passing scenario(s) not classified');
    expect(result.code).toBe(0);
    const text = readFileSync(page, 'utf8');
    // The title is the version of the harness that wrote the report (one version source).
    expect(text).toMatch(/^# hpe-mcp-bench head-to-head results 0\.1\.0\n/);
    expect(text).toContain('The subject crashes on purpose.');
    // The log tail: the last 20 lines, not the first 10.
    expect(text).toContain('line 30');
    expect(text).not.toContain('line 10\n');
    expect(readFileSync(dashboard, 'utf8')).toContain(
      '<title>hpe-mcp-bench head-to-head results 0.1.0</title>',
    );
  });

  it('refuses a --version other than the harness version, unless asked, and then says so', async () => {
    const refused = await publish(golden, '--version', '9.9.9', '--page', page);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      '--version 9.9.9 but the reports were written by hpe-mcp-bench 0.1.0',
    );
    const changes = join(dir, 'changes.md');
    writeFileSync(
      changes,
      '# since 0.2.0\n- Sandboxed runs\n  by default.\n- End-state checks (`expect.state`).\n',
    );
    const asked = await publish(
      golden,
      '--version',
      '9.9.9',
      '--allow-version-mismatch',
      '--changes',
      changes,
      '--since',
      '0.2.0',
      '--page',
      page,
      '--dashboard',
      dashboard,
    );
    expect(asked.code, asked.stderr).toBe(0);
    const text = readFileSync(page, 'utf8');
    expect(text).toMatch(/^# hpe-mcp-bench head-to-head results 9\.9\.9\n/);
    expect(text).toContain('titled 9.9.9, but the reports were written by hpe-mcp-bench 0.1.0');
    expect(text).toContain(
      '## What changed since 0.2.0\n\n- Sandboxed runs by default.\n- End-state checks (`expect.state`).\n',
    );
    expect(readFileSync(dashboard, 'utf8')).toContain(
      '<li>Sandboxed runs by default.</li><li>End-state checks (<code>expect.state</code>).</li>',
    );
  });

  it('names the line of a changes file that is not an item', async () => {
    const changes = join(dir, 'bad-changes.md');
    writeFileSync(changes, '- fine\nloose paragraph\n');
    const result = await publish(golden, '--changes', changes, '--page', page);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${changes}:2: not a "- " item`);
  });

  it('fails with --require-classified while anything is unclassified', async () => {
    const result = await publish(
      golden,
      '--page',
      page,
      '--dashboard',
      dashboard,
      '--require-classified',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: 10 non-passing scenario(s) not classified');
  });

  it('names the position of a classification problem and writes nothing', async () => {
    const classes = join(dir, 'bad.yml');
    writeFileSync(
      classes,
      'classifications:\n  - server: referense\n    scenario: subjects-wlan-list\n    class: absent\n    summary: x\n',
    );
    const result = await publish(
      golden,
      '--page',
      join(dir, 'none.md'),
      '--classification',
      classes,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${classes}:2:13: /classifications/0/server: server "referense" is not in the report (did you mean "reference"?`,
    );
  });

  it('leaves out the entries of servers that are not in the report, and says so', async () => {
    const classes = join(dir, 'others.yml');
    writeFileSync(
      classes,
      'classifications:\n  - server: nowireless4u\n    scenario: nac-001\n    class: absent\n    summary: x\n',
    );
    const page = join(dir, 'others.md');
    const result = await publish(
      golden,
      '--page',
      page,
      '--dashboard',
      join(dir, 'others.html'),
      '--classification',
      classes,
    );
    expect(result.stderr).toContain(
      `${classes}: entries of nowireless4u left out (not in the report)`,
    );
    expect(result.code).toBe(0);
  });

  it('refuses a report with fewer than 5 runs unless asked', async () => {
    const few = join(dir, 'few.json');
    writeFileSync(
      few,
      JSON.stringify({
        ...goldenReport(),
        gating_eligible: false,
        settings: { ...goldenReport().settings, runs: 1 },
      }),
    );
    const fewPage = join(dir, 'few.md');
    const fewDashboard = join(dir, 'few.html');
    const refused = await publish(few, '--page', fewPage, '--dashboard', fewDashboard);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('1 run(s) per scenario; results need at least 5');
    expect(
      (await publish(few, '--page', fewPage, '--dashboard', fewDashboard, '--allow-few-runs')).code,
    ).toBe(0);
    expect(readFileSync(fewPage, 'utf8')).toContain('**Not publishable as a comparison:**');
  });

  it('names a page by version and run date, never overwrites it with other figures, and indexes it', async () => {
    const docs = mkdtempSync(join(tmpdir(), 'publish-docs-'));
    mkdirSync(join(docs, 'docs'));
    const old = '# hpe-mcp-bench head-to-head results 0.0.9\n\nA page from before digests.\n';
    writeFileSync(join(docs, 'docs/benchmark-results-0.1.0-2026-11-29.md'), old);
    writeFileSync(
      join(docs, 'docs/benchmark-results.md'),
      '| page | harness | run date | status | headline per server |\n| --- | --- | --- | --- | --- |\n' +
        '| [0.0.9](benchmark-results-0.0.9.md) | 0.0.9 | 2026-11-01 | latest | a 1/1 \\| b |\n',
    );
    const report = goldenReport();
    const date = report.generated_at.slice(0, 10);
    const name = `docs/benchmark-results-0.1.0-${date}`;
    const cli = (file: string, ...args: string[]) => {
      const run = startCli(['publish', file, ...args], {}, docs);
      return run.done.then((code) => ({ code, stderr: run.stderr(), stdout: run.stdout() }));
    };
    const first = await cli(join(process.cwd(), golden), '--index', 'docs/benchmark-results.md');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`wrote ${name}.md`);
    // A re-rendering of the same figures is allowed.
    expect((await cli(join(process.cwd(), golden))).code).toBe(0);
    const other = join(docs, 'other.json');
    const changed = goldenReport();
    changed.scenarios[0]!.results[0]!.runs[0]!.task_success =
      !changed.scenarios[0]!.results[0]!.runs[0]!.task_success;
    writeFileSync(other, JSON.stringify(changed));
    const refused = await cli(other);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${name}.md already holds other results (figures sha256:`);
    expect(refused.stderr).toContain('publish this result under its own name (--page FILE');
    // A page from before figures were recorded is kept as it was.
    const legacy = await cli(
      other,
      '--page',
      'docs/benchmark-results-0.1.0-2026-11-29.md',
      '--dashboard',
      'docs/x.html',
    );
    expect(legacy.code).toBe(2);
    expect(legacy.stderr).toContain('records no figures digest');
    expect(readFileSync(join(docs, 'docs/benchmark-results-0.1.0-2026-11-29.md'), 'utf8')).toBe(
      old,
    );
    const index = readFileSync(join(docs, 'docs/benchmark-results.md'), 'utf8');
    const rows = index.split('\n').filter((l) => l.startsWith('| ['));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`[0.1.0, ${date}](benchmark-results-0.1.0-${date}.md)`);
    expect(rows[0]).toMatch(/\| latest +\| reference \d+\/\d+ passed safely · covers \d+\/\d+/);
    expect(rows[1]).toMatch(/\| older +\| a 1\/1 \\\| b/);
  });

  it.each([
    [['nope.json'], 'nope.json: cannot read it (ENOENT)'],
    [['package.json'], 'package.json is not a valid hpe-mcp-bench report'],
    [[golden, '--could-not-run', 'karthik'], '--could-not-run "karthik" is not NAME=LOG'],
    [[golden, '--version', '../x'], '--version "../x" is not a version'],
    [[], 'no report given'],
  ])('rejects %j with a clear usage error', async (args, message) => {
    const result = await publish(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
