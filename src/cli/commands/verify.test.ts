import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../../test/helpers/run-cli.js';
import {
  PUBLISHED,
  publishedPath,
  publishedReport,
} from '../../../test/helpers/report/published-report.js';
import type { Report } from '../../report/types.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verify-cli-'));
});
const write = (name: string, content: string | Buffer): string => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('hpe-mcp-bench verify', () => {
  it('passes the published head-to-head report, its page and dashboard, listing what it cannot re-derive', async () => {
    const { code, stdout, stderr } = await runCliCaptured([
      'verify',
      publishedPath(PUBLISHED.report),
      '--page',
      publishedPath(PUBLISHED.page),
      '--page',
      publishedPath(PUBLISHED.dashboard),
    ]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain(
      ': every re-derivable figure follows from its runs (740 runs re-derived, 192 scenario × server rows, 9 suites and overall re-aggregated; written by hpe-mcp-bench 0.4.0).\n',
    );
    expect(stdout).toContain('--page: 2 page(s) show the figures of ');
    expect(stdout).toContain('Not re-derivable from report.json (kept as stored):');
    expect(stdout).toContain('latency_ms, startup_ms: measured once on the clock');
  });

  it('fails a copy with one figure edited, naming scope, server, figure, stored and recomputed value', async () => {
    const report = publishedReport();
    const tokens = report.overall[2]?.tokens;
    if (!tokens) throw new Error('the fixture has no tokens for its third server');
    const stored = tokens.mean + 100;
    const recomputed = tokens.mean;
    tokens.mean = stored;
    const edited = write('edited.json', JSON.stringify(report));
    const { code, stdout } = await runCliCaptured(['verify', edited]);
    expect(code).toBe(1);
    expect(stdout).toContain(`${edited}: 1 figure(s) do not follow from the report's runs`);
    expect(stdout).toContain(
      `  overall · karthik · token_usage mean: stored ${stored}, recomputed ${recomputed}\n`,
    );
    expect(stdout).toContain('do not publish them as they are');
  });

  it('recounts a sweep’s outcomes from its entries (gzip copy)', async () => {
    const report = publishedReport();
    const sweep = report.servers[0]?.sweep;
    if (!sweep) throw new Error('the fixture has no sweep for its first server');
    sweep.counts.ok = (sweep.counts.ok ?? 0) + 1;
    const edited = write('sweep.json.gz', gzipSync(JSON.stringify(report)));
    const { code, stdout } = await runCliCaptured(['verify', edited, '--json']);
    expect(code).toBe(1);
    const out = JSON.parse(stdout) as { ok: boolean; reports: { mismatches: unknown[] }[] };
    expect(out.ok).toBe(false);
    expect(out.reports[0]?.mismatches).toEqual([
      {
        scope: 'sweep',
        server: 'secure-ssid',
        figure: 'counts ok',
        stored: sweep.counts.ok ?? 0,
        recomputed: (sweep.counts.ok ?? 0) - 1,
      },
    ]);
  });

  it('fails a page that another report made, naming the page', async () => {
    const report = publishedReport();
    const median = report.scenarios[0]?.results[0]?.tokens;
    if (median) median.median += 1;
    const edited = write('other.json', JSON.stringify(report));
    const page = publishedPath(PUBLISHED.page);
    const { code, stdout } = await runCliCaptured(['verify', edited, '--page', page]);
    expect(code).toBe(1);
    expect(stdout).toContain(`page ${page} · figures digest: stored "sha256:`);
    expect(stdout).toContain('adversarial-001 · secure-ssid · token_usage median');
  });

  it('checks a page published from several reports against them combined (one per server)', async () => {
    const whole = publishedReport();
    const only = (name: string): Report => ({
      ...whole,
      servers: whole.servers.filter((s) => s.name === name),
      scenarios: whole.scenarios.map((s) => ({
        ...s,
        results: s.results.filter((r) => r.server === name),
      })),
      suites: whole.suites.map((s) => ({
        ...s,
        results: s.results.filter((r) => r.server === name),
      })),
      overall: whole.overall.filter((r) => r.server === name),
    });
    const files = whole.servers.map((s) => write(`${s.name}.json`, JSON.stringify(only(s.name))));
    const page = publishedPath(PUBLISHED.page);
    const all = await runCliCaptured(['verify', ...files, '--page', page]);
    expect(all.code, all.stdout).toBe(0);
    expect(all.stdout.match(/: every re-derivable figure follows from its runs/g)).toHaveLength(3);
    // Two of the three reports are not what the page shows.
    const some = await runCliCaptured(['verify', ...files.slice(0, 2), '--page', page]);
    expect(some.code).toBe(1);
    expect(some.stdout).toContain(`--page: `);
    expect(some.stdout).toContain(`page ${page} · figures digest: stored "sha256:`);
  });

  // Bad input: exit 2, the file named and the fix, never a stack trace.
  const broken: [string, () => string[], RegExp][] = [
    [
      'an absent report',
      () => ['verify', join(dir, 'nope.json')],
      /nope\.json: cannot read it \(ENOENT\)\n {2}hint: pass the path of a report\.json/,
    ],
    [
      'a report that is not JSON',
      () => ['verify', write('bad.json', '{"schema_version": ')],
      /bad\.json is not a valid hpe-mcp-bench report: not JSON.*\n {2}hint: pass the report\.json/,
    ],
    [
      'a cut gzip file',
      () => ['verify', write('cut.json.gz', gzipSync('{"a": 1}').subarray(0, 12))],
      /cut\.json\.gz is not a valid hpe-mcp-bench report: not JSON or not gzip-compressed JSON \(unexpected end of file\)/,
    ],
    [
      'JSON that is not a report',
      () => ['verify', write('other.json', '{"hello": 1}')],
      /other\.json is not a valid hpe-mcp-bench report: \/schema_version: missing/,
    ],
    [
      'an absent page',
      () => ['verify', publishedPath(PUBLISHED.report), '--page', join(dir, 'gone.md')],
      /--page .*gone\.md: cannot read it \(ENOENT\)\n {2}hint: pass a results page/,
    ],
    [
      'no report',
      () => ['verify'],
      /verify needs a REPORT\.json\n {2}hint: run 'hpe-mcp-bench verify --help'/,
    ],
  ];
  it.each(broken)('exits 2 on %s, naming the file and the fix', async (_name, argv, message) => {
    const { code, stdout, stderr } = await runCliCaptured(argv());
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^hpe-mcp-bench verify: /);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('documents itself (--help) and is listed in the command list', async () => {
    const help = await runCliCaptured(['verify', '--help']);
    expect(help.stdout).toContain(
      'Usage: hpe-mcp-bench verify REPORT.json... [--page FILE]... [--json]',
    );
    const list = await runCliCaptured(['--help']);
    expect(list.stdout).toMatch(/\n {2}verify +recompute every figure of a report\.json/);
    expect(readFileSync(publishedPath(PUBLISHED.report)).subarray(0, 2)).toEqual(
      Buffer.from([0x1f, 0x8b]),
    );
  });
});
