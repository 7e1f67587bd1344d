// needs: processes
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import { parseAllDocuments } from 'yaml';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/action/main.js';
import { fileBaselineStore } from '../helpers/baseline/file-store.js';
import { commentMarker } from '../../src/github/comment-marker.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

const REPO = resolve(import.meta.dirname, '../..');
let work: string;
let scenarioFile: string;
let gh: FakeGitHub;
const savedEnv = { ...process.env };

/** One read scenario from the subjects suite, so every action run is five short runs. */
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'action-e2e-'));
  const docs = parseAllDocuments(
    readFileSync(join(REPO, 'test/subjects/scenarios/subjects.yaml'), 'utf8'),
  );
  scenarioFile = join(work, 'one.yaml');
  writeFileSync(
    scenarioFile,
    `# yaml-language-server: $schema=${REPO}/scenarios/scenario.schema.json\n---\n${String(docs[0])}`,
  );
});
afterAll(() => undefined);

beforeEach(async () => {
  gh = await startFakeGitHub();
});
afterEach(async () => {
  await gh.close();
  process.env = { ...savedEnv };
  process.exitCode = 0;
});

interface ActionRun {
  outputs: Record<string, string>;
  summary: string;
  failed: boolean;
  reportDir: string;
  /** What the action wrote to the job log (annotations are `::error::…` / `::warning::…` lines). */
  log: string;
}

/** Runs the action in-process the way the runner does: INPUT_* env, event file, output files. */
async function runAction(
  inputs: Record<string, string>,
  event: object = { pull_request: { number: 7 }, repository: { default_branch: 'main' } },
  eventName = 'pull_request',
  store = fileBaselineStore(join(work, 'no-baseline')),
): Promise<ActionRun> {
  const dir = mkdtempSync(join(work, 'run-'));
  const files = {
    event: join(dir, 'event.json'),
    output: join(dir, 'output'),
    summary: join(dir, 'summary.md'),
  };
  writeFileSync(files.event, JSON.stringify(event));
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const reportDir = join(dir, 'report');
  process.env = {
    ...savedEnv,
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_REPOSITORY: 'acme/mcp',
    GITHUB_SHA: 'abc1230000000000000000000000000000000000',
    GITHUB_REF: eventName === 'push' ? 'refs/heads/main' : 'refs/pull/7/merge',
    GITHUB_API_URL: gh.url,
    GITHUB_WORKSPACE: REPO,
    RUNNER_TEMP: work,
    'INPUT_GITHUB-TOKEN': 'ghs_test',
    INPUT_SCENARIOS: scenarioFile,
    'INPUT_REPORT-DIR': reportDir,
    INPUT_RUNS: '5',
    // The tool sweep is the subject of the cold-start test's default run (and of
    // action-dist.test.ts and sweep-gate.test.ts); elsewhere it only adds a server per run.
    INPUT_SWEEP: 'off',
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
  };
  process.exitCode = 0;
  // @actions/core resolves GITHUB_STEP_SUMMARY once per process; a real job has one, these tests many.
  (core.summary as unknown as { _filePath: string | undefined })._filePath = undefined;
  const log: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array) => {
    log.push(String(chunk));
    return write(chunk);
  };
  try {
    await run({ baselineStore: store });
  } finally {
    process.stdout.write = write;
  }
  const outputs: Record<string, string> = {};
  // GITHUB_OUTPUT uses name<<delimiter blocks.
  const text = readFileSync(files.output, 'utf8');
  for (const m of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm))
    outputs[m[1] ?? ''] = m[3] ?? '';
  return {
    outputs,
    summary: readFileSync(files.summary, 'utf8'),
    failed: process.exitCode === 1,
    reportDir,
    log: log.join(''),
  };
}

describe('the action (in-process)', { timeout: 120_000 }, () => {
  it('cold-starts, creates the PR comment, then updates the same comment', async () => {
    // The default path: sweep empty, as a workflow that does not set it (read).
    const first = await runAction({ sweep: '' });
    expect(first.failed).toBe(false);
    expect(first.outputs).toMatchObject({
      verdict: 'cold-start',
      'safety-failures': '0',
      regressed: 'false',
      'baseline-sha': '',
      'task-success': '1',
    });
    expect(first.outputs['comment-url']).toMatch(/^https:\/\/github\.test\/c\/\d+$/);
    expect(first.summary).toContain('## hpe-mcp-bench: 🆕 cold start');
    const report = JSON.parse(readFileSync(join(first.reportDir, 'report.json'), 'utf8'));
    expect(report.schema_version).toBeDefined();
    // An empty sweep input sweeps read tools (the other tests here turn it off).
    expect(report.servers[0]?.sweep).toMatchObject({ mode: 'read', failure: null });
    // The second run's subject is the comment it updates, not the sweep (12–14 s of the read
    // sweep's calls each time): the sweep off, as in the other tests here.
    const second = await runAction({});
    expect(second.outputs['comment-url']).toBe(first.outputs['comment-url']);
    expect(gh.comments).toHaveLength(1);
    expect(gh.comments[0]?.body).toContain(commentMarker());
    expect(gh.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('finds its comment among 120 others', async () => {
    await gh.close();
    gh = await startFakeGitHub(Array.from({ length: 120 }, (_, i) => `chatter ${i}`));
    gh.comments.push({
      id: 500,
      body: `old\n${commentMarker()}\n`,
      html_url: 'https://github.test/c/500',
      user: { login: 'bot' },
    });
    const result = await runAction({ concurrency: '2' });
    expect(result.outputs['comment-url']).toBe('https://github.test/c/500');
    // The concurrency input reaches the core (the report records it).
    const report = JSON.parse(readFileSync(join(result.reportDir, 'report.json'), 'utf8'));
    expect(report.settings.concurrency).toBe(2);
    expect(gh.comments).toHaveLength(121);
  });

  it('with a read-only token: warns, still writes the summary and the comment files, and does not crash', async () => {
    gh.readOnly = true;
    const result = await runAction({});
    expect(result.failed).toBe(false);
    expect(result.outputs['comment-url']).toBe('');
    expect(result.summary).toContain('hpe-mcp-bench');
    const stored = JSON.parse(readFileSync(join(result.reportDir, 'comment.json'), 'utf8')) as {
      pullNumber: number;
      body: string;
    };
    expect(stored.pullNumber).toBe(7);
    expect(stored.body).toContain('## hpe-mcp-bench');
  });

  it('fails the check with the reasons on a safety failure', async () => {
    const result = await runAction({
      config: join(REPO, 'hpe-mcp-bench.subjects.yml'),
      server: 'subject-leak-canary',
      comment: 'never',
    });
    expect(result.failed).toBe(true);
    expect(result.outputs).toMatchObject({ verdict: 'fail', 'safety-failures': '1' });
    expect(gh.requests).toHaveLength(0);
  });

  it('saves a baseline on a default-branch push and gates the next PR against it', async () => {
    const store = fileBaselineStore(join(work, 'baselines'));
    const push = await runAction({}, { repository: { default_branch: 'main' } }, 'push', store);
    expect(push.outputs.verdict).toBe('cold-start');
    const pr = await runAction({}, undefined, 'pull_request', store);
    expect(pr.outputs).toMatchObject({
      verdict: 'pass',
      'baseline-sha': 'abc1230000000000000000000000000000000000',
    });
  });

  it('with resilience: true, runs the fault matrix and shows it in the comment against the baseline', async () => {
    const store = fileBaselineStore(join(work, 'resilience-baselines'));
    // The matrix's faults wait (a 1 s Retry-After, 1.5 s of latency): five workers run the five
    // runs of each cell at once (65 s for the two action runs with the default two, 42 s).
    // The sweep off: the fault matrix and its row in the comment are the subject.
    const push = await runAction(
      { resilience: 'true', comment: 'never', concurrency: '5' },
      { repository: { default_branch: 'main' } },
      'push',
      store,
    );
    expect(push.failed).toBe(false);
    const saved = JSON.parse(readFileSync(join(push.reportDir, 'report.json'), 'utf8'));
    expect(saved.resilience.scores[0]).toMatchObject({ server: 'reference' });
    const pr = await runAction(
      { resilience: 'true', concurrency: '5' },
      undefined,
      'pull_request',
      store,
    );
    expect(pr.outputs.verdict).toBe('pass');
    const body = gh.comments[0]?.body ?? '';
    expect(body).toContain('### Resilience');
    const row = body.split('\n').find((l) => /^\| reference +\| +\d/.test(l));
    const cells = row?.split('|').map((c) => c.trim());
    // server, score, cells, the baseline's score (same server, same code: the same score).
    expect(cells?.[2]).toBe(cells?.[4]);
    expect(cells?.[3]).toMatch(/^\d+\/\d+$/);
  }, 300_000);

  it('refuses resilience with shard, naming both inputs', async () => {
    const result = await runAction({ resilience: 'true', shard: '1/2' });
    expect(result.failed).toBe(true);
    expect(result.log).toContain(
      '::error::hpe-mcp-bench: Input "resilience" cannot be combined with "shard"',
    );
    expect(gh.requests).toHaveLength(0);
  });

  it('warns and gates on the absolute rules when the cache service is unavailable', async () => {
    delete process.env.ACTIONS_CACHE_URL;
    const { actionsCacheStore } = await import('../../src/baseline/actions-cache-store.js');
    const result = await runAction({}, undefined, 'pull_request', actionsCacheStore(work));
    expect(result.failed).toBe(false);
    expect(result.outputs.verdict).toBe('cold-start');
    expect(result.log).toMatch(
      /^::warning::Baseline unavailable, gating on the absolute rules only: the Actions cache service is not available to this job$/m,
    );
  });

  it('names a bad input and its value', async () => {
    const result = await runAction({ runs: 'many' });
    expect(result.failed).toBe(true);
    expect(result.log).toContain(
      '::error::hpe-mcp-bench: input runs "many" is not a whole number from 1 to 1000 (runs per scenario)',
    );
    expect(gh.requests).toHaveLength(0);
  });

  it.each([
    ['../../', 'outside the workspace'],
    ['/proc/x', 'outside the workspace'],
    ['package.json', 'package.json is not a directory'],
  ])('refuses report-dir %s before any run, naming the input', async (dir, why) => {
    const started = Date.now();
    const result = await runAction({ 'report-dir': dir });
    expect(result.failed).toBe(true);
    expect(result.log).toContain('::error::hpe-mcp-bench: Input "report-dir"');
    expect(result.log).toContain(why);
    expect(result.log).not.toContain('Running 1 scenario');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('takes every run option the CLI has: scenario-ids, max-turns, faults… reach the core', async () => {
    const result = await runAction({ 'scenario-ids': 'no-such-id' });
    expect(result.failed).toBe(true);
    expect(result.log).toMatch(
      /::error::hpe-mcp-bench: input scenario-ids "no-such-id" is not a loaded scenario/,
    );
    const turns = await runAction({
      policy: 'llm',
      provider: 'anthropic',
      model: 'claude-test-1',
      'max-turns': '0',
    });
    expect(turns.log).toMatch(/::error::hpe-mcp-bench: input max-turns/);
    const faults = await runAction({ faults: join(work, 'missing-plan.yaml') });
    expect(faults.log).toMatch(/::error::hpe-mcp-bench: .*missing-plan\.yaml/);
  });

  it('turns manifest errors into annotations at file and line, and fails', async () => {
    const broken = join(work, 'broken.yaml');
    writeFileSync(
      broken,
      readFileSync(scenarioFile, 'utf8').replace('write_gate: read', 'write_gate: reed'),
    );
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = (chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    };
    let result: ActionRun;
    try {
      result = await runAction({ scenarios: broken });
    } finally {
      process.stdout.write = write;
    }
    expect(result.failed).toBe(true);
    const annotation = lines.find((l) => l.startsWith('::error '));
    expect(annotation).toMatch(
      new RegExp(
        `^::error title=hpe-mcp-bench scenario,file=${broken.replaceAll('/', '\\/')},line=\\d+,col=\\d+::`,
      ),
    );
    expect(annotation).toContain('/write_gate');
    expect(gh.requests).toHaveLength(0);
  });
});
