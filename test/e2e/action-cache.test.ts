// needs: processes
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASELINE_CACHE_PATH } from '../../src/baseline/actions-cache-store.js';
import { startFakeCacheService, type FakeCacheService } from '../helpers/fake-cache-service.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

/**
 * The baseline round trip through the real @actions/cache code in the built action: every step
 * is a separate `node dist/index.js` process with a fresh workspace and RUNNER_TEMP, talking to
 * one fake cache service v2 whose state is on disk.
 */
const REPO = resolve(import.meta.dirname, '../..');
const TOKEN = 'runtime-token-for-the-fake';
const SHA1 = '1111111111111111111111111111111111111111';
const SHA2 = '2222222222222222222222222222222222222222';
let work: string;
let cacheService: FakeCacheService;
let gh: FakeGitHub;
let scenarioText: string;

interface ActionProcess {
  status: number | null;
  log: string;
  outputs: Record<string, string>;
  comment: string;
}

/** Writes the one-scenario manifest, `variant` appended as a comment (a changed manifest). */
function manifest(variant: string): string {
  const file = join(work, `manifest-${variant}`, 'one.yaml');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${scenarioText}# manifest ${variant}\n`);
  return file;
}

async function action(
  event: 'push' | 'pull_request',
  sha: string,
  scenarios: string,
): Promise<ActionProcess> {
  const run = mkdtempSync(join(work, `${event}-`));
  const workspace = join(run, 'workspace');
  const runnerTemp = join(run, 'runner-temp');
  mkdirSync(workspace);
  mkdirSync(runnerTemp);
  const files = {
    event: join(run, 'event.json'),
    output: join(run, 'output'),
    summary: join(run, 'summary.md'),
  };
  writeFileSync(
    files.event,
    JSON.stringify({
      ...(event === 'pull_request' ? { pull_request: { number: 9 } } : {}),
      repository: { default_branch: 'main' },
    }),
  );
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const { status, log } = await new Promise<{ status: number | null; log: string }>((done) => {
    // Async spawn: the fake services live in this process and must keep answering.
    const p = spawn(process.execPath, [join(REPO, 'dist/index.js')], {
      cwd: workspace, // a runner starts actions in GITHUB_WORKSPACE
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        RUNNER_TEMP: runnerTemp,
        GITHUB_WORKSPACE: workspace,
        GITHUB_SERVER_URL: 'https://github.com', // not GHES: @actions/cache may use service v2
        ACTIONS_CACHE_SERVICE_V2: 'true',
        ACTIONS_RESULTS_URL: cacheService.url,
        ACTIONS_RUNTIME_TOKEN: TOKEN,
        GITHUB_EVENT_NAME: event,
        GITHUB_EVENT_PATH: files.event,
        GITHUB_OUTPUT: files.output,
        GITHUB_STEP_SUMMARY: files.summary,
        GITHUB_REPOSITORY: 'acme/mcp',
        GITHUB_SHA: sha,
        GITHUB_REF: event === 'push' ? 'refs/heads/main' : 'refs/pull/9/merge',
        GITHUB_API_URL: gh.url,
        'INPUT_GITHUB-TOKEN': 'ghs_test',
        INPUT_SCENARIOS: scenarios,
        'INPUT_REPORT-DIR': join(runnerTemp, 'report'),
        INPUT_RUNS: '5',
        // The baseline's round trip is the subject; action-dist.test.ts runs the built action's
        // default sweep, and six sweeps here only added a server start and its calls to each step.
        INPUT_SWEEP: 'off',
      },
    });
    let text = '';
    p.stdout.on('data', (c: Buffer) => (text += c.toString()));
    p.stderr.on('data', (c: Buffer) => (text += c.toString()));
    p.on('exit', (code) => done({ status: code, log: text }));
  });
  const outputs: Record<string, string> = {};
  for (const m of readFileSync(files.output, 'utf8').matchAll(
    /^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm,
  ))
    outputs[m[1] ?? ''] = m[3] ?? '';
  expect(existsSync(join(workspace, BASELINE_CACHE_PATH)), 'the baseline file is cleaned up').toBe(
    false,
  );
  const commentFile = join(runnerTemp, 'report', 'comment.md');
  return {
    status,
    log,
    outputs,
    comment: existsSync(commentFile) ? readFileSync(commentFile, 'utf8') : '',
  };
}

/** A tar of BASELINE_CACHE_PATH holding `content`, compressed the way @actions/cache would here. */
function archiveOf(content: string): Buffer {
  const dir = mkdtempSync(join(work, 'foreign-'));
  mkdirSync(join(dir, dirname(BASELINE_CACHE_PATH)), { recursive: true });
  writeFileSync(join(dir, BASELINE_CACHE_PATH), content);
  const zstd = (() => {
    try {
      execFileSync('zstd', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  const out = join(dir, 'cache.tar');
  execFileSync('tar', ['-c', zstd ? '--zstd' : '-z', '-f', out, '-C', dir, BASELINE_CACHE_PATH]);
  return readFileSync(out);
}

beforeAll(async () => {
  expect(
    existsSync(join(REPO, 'dist/index.js')),
    'dist/index.js is missing: run npm run build',
  ).toBe(true);
  work = mkdtempSync(join(tmpdir(), 'action-cache-'));
  const docs = parseAllDocuments(
    readFileSync(join(REPO, 'test/subjects/scenarios/subjects.yaml'), 'utf8'),
  );
  scenarioText = `# yaml-language-server: $schema=${REPO}/scenarios/scenario.schema.json\n---\n${String(docs[1])}`;
  cacheService = await startFakeCacheService(join(work, 'cache-service'), TOKEN);
  gh = await startFakeGitHub();
});
afterAll(async () => {
  await cacheService.close();
  await gh.close();
});

describe('the baseline through the Actions cache (service v2, real @actions/cache)', () => {
  it('push saves; a PR restores it; a changed manifest takes the newest entry; a corrupt or foreign entry cold-starts', async () => {
    const a = manifest('a');
    const push1 = await action('push', SHA1, a);
    expect(push1.status, push1.log).toBe(0);
    expect(push1.outputs.verdict).toBe('cold-start');
    const [saved] = cacheService.entries();
    expect(saved).toMatchObject({ finalized: true });
    expect(saved?.key).toMatch(new RegExp(`^hpe-mcp-bench-baseline-sha256:[0-9a-f]{9}-${SHA1}$`));
    expect(cacheService.requests.map((r) => r.method)).toEqual(
      expect.arrayContaining([
        'POST GetCacheEntryDownloadURL',
        'POST CreateCacheEntry',
        'PUT',
        'POST FinalizeCacheEntryUpload',
      ]),
    );

    const pr1 = await action('pull_request', 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1', a);
    expect(pr1.status, pr1.log).toBe(0);
    expect(pr1.outputs).toMatchObject({ verdict: 'pass', 'baseline-sha': SHA1 });
    expect(pr1.comment).toContain(`baseline ${SHA1.slice(0, 12)}`);
    expect(pr1.comment).not.toContain('manifest changed');
    expect(gh.comments.map((c) => c.body)).toEqual([expect.stringContaining(pr1.comment.trim())]);
    // The PR asked for the version the push saved under (same path string, same compression).
    const lookups = cacheService.requests.filter(
      (r) => r.method === 'POST GetCacheEntryDownloadURL',
    );
    expect((lookups.at(-1)?.body as { version: string }).version).toBe(saved?.version);

    const push2 = await action('push', SHA2, manifest('b'));
    expect(push2.status, push2.log).toBe(0);
    expect(cacheService.entries().map((e) => e.key.endsWith(SHA2))).toEqual([false, true]);

    const c = manifest('c');
    const pr2 = await action('pull_request', 'c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2c2', c);
    expect(pr2.status, pr2.log).toBe(0);
    expect(pr2.outputs).toMatchObject({ verdict: 'pass', 'baseline-sha': SHA2 });
    expect(pr2.comment).toContain(
      'The scenario manifest changed since the baseline: only scenarios present in both are compared.',
    );
    expect(pr2.comment).toContain(`baseline ${SHA2.slice(0, 12)}`);

    const newest = cacheService.entries().at(-1)?.key ?? '';
    cacheService.replaceBlob(newest, Buffer.from('this is not a tar archive'));
    const corrupt = await action('pull_request', 'c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3c3', c);
    expect(corrupt.status, corrupt.log).toBe(0);
    expect(corrupt.outputs).toMatchObject({ verdict: 'cold-start', 'baseline-sha': '' });
    expect(corrupt.log).toMatch(/::warning::Failed to restore/);

    cacheService.replaceBlob(
      newest,
      archiveOf(JSON.stringify({ key: newest, sha: SHA2, savedAt: 'now', report: { hello: 1 } })),
    );
    const foreign = await action('pull_request', 'c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4c4', c);
    expect(foreign.status, foreign.log).toBe(0);
    expect(foreign.outputs).toMatchObject({ verdict: 'cold-start', 'baseline-sha': '' });
    expect(foreign.log).toContain(
      '::warning::Baseline unavailable, gating on the absolute rules only: the restored baseline (baseline',
    );
    expect(foreign.log).toContain('is not a valid hpe-mcp-bench report: /schema_version: missing');
  }, 600_000);
});
