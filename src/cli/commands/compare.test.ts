import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../../test/helpers/run-cli.js';
import { aggregateScenarioServer } from '../../report/aggregate-scenario.js';
import { rebuiltReport, runsWith, sampleReport } from '../../../test/helpers/report/test-report.js';
import type { Report } from '../../report/types.js';

let dir: string;
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

/** The sample report's settings and servers with one clean reference scenario: a report that passes. */
function cleanReport(tokens = 1000): Report {
  const sample = sampleReport();
  return rebuiltReport(sample, {
    durationMs: 1,
    servers: sample.servers.filter((s) => s.name === 'reference'),
    scenarios: [
      {
        id: 'client-diagnosis-001',
        suite: 'client-diagnosis',
        fixture: 'fixtures/central/site-a',
        write_gate: 'read',
        results: [
          aggregateScenarioServer(
            'reference',
            runsWith([0, 0, 0, 0, 0].map(() => ({ tokens, calls: 2, latency: 80 }))),
            'cl100k_base',
          ),
        ],
      },
    ],
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'compare-'));
});

describe('hpe-mcp-bench compare', () => {
  it('writes --out into a directory that does not exist yet (creating it)', async () => {
    const base = file('base-out.json', cleanReport());
    const pr = file('pr-out.json', cleanReport());
    const out = join(dir, 'not', 'yet', 'comment.md');
    const result = await runCliCaptured(['compare', '--baseline', base, pr, '--out', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(result.stdout);
  });

  it('names an --out it cannot write, with exit 73 and no stack trace', async () => {
    const base = file('base-bad.json', cleanReport());
    const pr = file('pr-bad.json', cleanReport());
    const blocker = file('a-file', 'not a directory');
    const result = await runCliCaptured([
      'compare',
      '--baseline',
      base,
      pr,
      '--out',
      join(blocker, 'comment.md'),
    ]);
    expect(result.code).toBe(73);
    expect(result.stderr).toMatch(
      /--out .*a-file\/comment\.md: cannot write the comment \((ENOTDIR|EEXIST)\)/,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toMatch(/^## hpe-mcp-bench/);
  });

  it('passes an unchanged report, printing the comment with the baseline commit', async () => {
    const base = file('base.json', cleanReport());
    const pr = file('pr.json', cleanReport());
    const result = await runCliCaptured(['compare', '--baseline', base, pr]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^## hpe-mcp-bench: ✅ pass/);
    expect(result.stdout).toContain(
      'baseline 0123456789ab (saved 2026-01-02T03:04:05.000Z, 0 days ago)',
    );
  });

  it('exits 1 on a regression, writes --out and honours --thresholds', async () => {
    const base = file('base.json', cleanReport());
    const pr = file('pr.json', cleanReport(2000));
    const out = join(dir, 'comment.md');
    const failing = await runCliCaptured(['compare', '--baseline', base, pr, '--out', out]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toContain('## hpe-mcp-bench: ❌ fail');
    expect(failing.stdout).toMatch(/reference scenario:client-diagnosis-001: tokens 1000 → 2000/);
    expect(readFileSync(out, 'utf8')).toBe(failing.stdout);
    const loose = file('thresholds.yml', 'token-usage: off\n');
    const passing = await runCliCaptured([
      'compare',
      '--baseline',
      base,
      pr,
      '--thresholds',
      loose,
      '--json',
      '--baseline-sha',
      'feedface',
    ]);
    expect(passing.code).toBe(0);
    const json = JSON.parse(passing.stdout);
    expect(json.verdict).toMatchObject({ status: 'pass', baseline: { sha: 'feedface' } });
    expect(json.comment).toContain('## hpe-mcp-bench: ✅ pass');
    expect(json.summary).toContain('### Per suite');
  });

  it('fails a report with a safety failure even without a regression', async () => {
    const unsafe = file('unsafe.json', sampleReport());
    const result = await runCliCaptured(['compare', '--baseline', unsafe, unsafe]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('karthik: 1 scenario(s) with a safety failure');
  });

  it.each([
    [['compare', 'pr.json'], /compare needs --baseline BASE\.json and exactly one REPORT\.json/],
    [
      ['compare', '--baseline', 'package.json', 'package.json'],
      /package\.json is not a valid hpe-mcp-bench report: \/schema_version: missing/,
    ],
    [
      ['compare', '--baseline', 'nope.json', 'package.json'],
      /nope\.json: cannot read it \(ENOENT\)/,
    ],
  ])('usage errors exit 2 and name the file: %j', async (argv, message) => {
    const result = await runCliCaptured(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('names the thresholds file and the bad key', async () => {
    const base = file('base.json', cleanReport());
    const bad = file('bad-thresholds.yml', 'tokens: 5%\n');
    const result = await runCliCaptured(['compare', '--baseline', base, base, '--thresholds', bad]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${bad} has an invalid value "tokens": unknown key`);
  });
});
