// needs: processes
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readReport } from '../../src/report-io/read-report.js';
import { packageRoot } from '../../src/common/package-root.js';
import { runCliCaptured } from '../helpers/run-cli.js';
import { referenceConfig, referenceSubjectConfig } from '../helpers/reference-subject-config.js';

/**
 * `compare` on the golden suite's own reports, as a CI other than GitHub's would use it: the
 * reference server's report is the baseline; a PR report comes from the same suite against (a)
 * the reference server again and (b) the reference server with `get_client_events` renamed
 * (test/mcp-servers/subject-renamed-tool.ts), a real regression in the scenarios that need it.
 * Every report here is written by the real `run` command against real processes, the servers
 * without their async poll wait (test/helpers/reference-subject-config.ts): it is latency only.
 */
const ROOT = packageRoot();
let tmp: string;
let baseline: string;
let reference: string;

/** `run` over the whole golden suite, 5 runs (a gating report), one process per server group. */
async function goldenReport(name: string, config = reference): Promise<string> {
  const out = join(tmp, name);
  const result = await runCliCaptured([
    'run',
    '--runs',
    '5',
    '--isolation',
    'server',
    '--sandbox',
    'off',
    // The scenario gate is the subject (test/e2e/sweep-gate.test.ts gates the sweep).
    '--sweep',
    'off',
    '--config',
    config,
    '--out',
    out,
  ]);
  expect(result.code, result.stderr).toBe(0);
  return join(out, 'report.json');
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'compare-golden-'));
  reference = join(tmp, 'reference.yml');
  await writeFile(reference, referenceConfig(ROOT));
  baseline = await goldenReport('baseline');
}, 300_000);

describe('hpe-mcp-bench compare on golden-suite reports', () => {
  it('passes a PR whose report matches the baseline, and lists nothing as changed', async () => {
    const pr = await goldenReport('same');
    const out = join(tmp, 'same.md');
    const result = await runCliCaptured(['compare', '--baseline', baseline, pr, '--out', out]);
    expect(result.code, result.stderr).toBe(0);
    const comment = await readFile(out, 'utf8');
    expect(comment).toContain('## hpe-mcp-bench: ✅ pass');
    const scenarios = (await readReport(pr)).scenarios.length;
    expect(scenarios).toBeGreaterThanOrEqual(60); // the whole golden suite
    expect(comment).toContain(`${scenarios} scenario run(s) unchanged`);
    expect(comment).not.toContain('### Changed scenarios');
    expect(comment).not.toContain('### Discoverability');
  }, 300_000);

  it('fails a PR that renames a tool the plans call, with the tool surface and discoverability delta', async () => {
    const config = join(tmp, 'renamed.yml');
    await writeFile(config, referenceSubjectConfig(ROOT, 'subject-renamed-tool.ts'));
    const pr = await goldenReport('renamed', config);
    const result = await runCliCaptured(['compare', '--baseline', baseline, pr, '--json']);
    expect(result.code, result.stderr).toBe(1);
    const verdict = JSON.parse(result.stdout) as {
      verdict: {
        status: string;
        regressions: { metric: string; where: string }[];
        toolSurface: { added: string[]; removed: string[] }[];
        discoverability: {
          server: string;
          rankedLower: string[];
          rankedHigher: string[];
          mrr: { baseline: number; current: number };
        }[];
      };
      comment: string;
    };
    expect(verdict.verdict.status).toBe('fail');
    // Every scenario whose plan calls get_client_events regressed on task success.
    const report = await readReport(pr);
    const needing = report.scenarios
      .filter((s) => s.results[0]?.task_success?.majority === false)
      .map((s) => `scenario:${s.id}`);
    expect(needing.length).toBeGreaterThan(0);
    expect(
      verdict.verdict.regressions.filter((r) => r.metric === 'task_success').map((r) => r.where),
    ).toEqual(expect.arrayContaining(needing));
    expect(verdict.verdict.toolSurface[0]).toMatchObject({
      added: ['get_client_event_log'],
      removed: ['get_client_events'],
    });
    const found = verdict.verdict.discoverability[0];
    expect(found?.server).toBe('reference');
    expect(found?.rankedLower.length).toBeGreaterThan(0);
    // The renamed tool is no longer listed under the name the scenarios expect: every scenario
    // expecting it ranks lower (others may move either way: BM25's idf sees the new words too).
    const expecting = report.scenarios
      .filter((s) =>
        s.results[0]?.discoverability?.expected.some((e) => e.tool === 'get_client_events'),
      )
      .map((s) => s.id);
    expect(expecting.length).toBeGreaterThan(0);
    expect(found?.rankedLower).toEqual(expect.arrayContaining(expecting));
    expect(found?.mrr.current).toBeLessThan(found?.mrr.baseline ?? 0);
    expect(verdict.comment).toContain('### Discoverability (menu text changed)');
    expect(verdict.comment).toContain('### Tool surface');
  }, 300_000);
});
