import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../../src/action/main.js';
import { startFakeGitHub, type FakeGitHub } from '../helpers/fake-github.js';

// mode: comment in the base repository's workflow_run job, through the real @actions/github
// client against a local fake of GitHub's REST API. The artifact (comment.json) is what a
// fork's PR writes, so everything in it but the body is a claim to check.
const HEAD_SHA = 'f0f0000000000000000000000000000000000000';
let gh: FakeGitHub;
let work: string;
const savedEnv = { ...process.env };
// The environment object itself: runComment() swaps in a plain object, and the next test file in
// a non-isolated worker (vitest.config.ts) must get Node's own back, not a copy.
const originalEnv = process.env;

beforeEach(async () => {
  gh = await startFakeGitHub();
  gh.pulls.push(
    {
      number: 1,
      head: { sha: 'aaaa000000000000000000000000000000000000', ref: 'main', label: 'acme:main' },
    },
    { number: 7, head: { sha: HEAD_SHA, ref: 'feature', label: 'forker:feature' } },
  );
  work = mkdtempSync(join(tmpdir(), 'comment-mode-'));
});
afterEach(async () => {
  await gh.close();
  process.env = originalEnv;
  process.exitCode = undefined;
});

const forkRun = {
  workflow_run: {
    head_sha: HEAD_SHA,
    head_branch: 'feature',
    head_repository: { owner: { login: 'forker' } },
    pull_requests: [], // GitHub leaves this empty for fork PRs
  },
};

async function runComment(
  stored: object | string,
  event: object = forkRun,
  eventName = 'workflow_run',
): Promise<{ failed: boolean; warnings: string; commentUrl: string }> {
  const dir = mkdtempSync(join(work, 'run-'));
  const reportDir = join(dir, 'artifact');
  mkdirSync(reportDir);
  writeFileSync(
    join(reportDir, 'comment.json'),
    typeof stored === 'string' ? stored : JSON.stringify(stored),
  );
  writeFileSync(join(dir, 'event.json'), JSON.stringify(event));
  writeFileSync(join(dir, 'output'), '');
  process.env = {
    ...savedEnv,
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: join(dir, 'event.json'),
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_REPOSITORY: 'acme/mcp',
    GITHUB_API_URL: gh.url,
    GITHUB_WORKSPACE: dir,
    'INPUT_GITHUB-TOKEN': 'ghs_test',
    INPUT_MODE: 'comment',
    'INPUT_REPORT-DIR': reportDir,
  };
  process.exitCode = 0;
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  };
  try {
    await run();
  } finally {
    process.stdout.write = write;
  }
  const output = readFileSync(join(dir, 'output'), 'utf8');
  return {
    failed: process.exitCode === 1,
    warnings: lines
      .filter((l) => l.startsWith('::warning::') || l.startsWith('::error::'))
      .join(''),
    commentUrl: /comment-url<<(\S+)\n([\s\S]*?)\n\1/.exec(output)?.[2] ?? '',
  };
}

const writes = (): string[] =>
  gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('mode: comment', () => {
  it('posts to the PR the event names, found by head commit for a fork, with the body neutralised', async () => {
    const result = await runComment({
      pullNumber: 7,
      owner: 'acme',
      repo: 'mcp',
      body: '## hpe-mcp-bench: ✅ pass\n\n<img src="https://evil.example/t.png"> ![t](https://evil.example/t.png)\n<details><summary>ok</summary>\n</details>\n',
    });
    expect(result.failed).toBe(false);
    expect(writes()).toEqual(['POST /repos/acme/mcp/issues/7/comments']);
    expect(result.commentUrl).toMatch(/^https:\/\/github\.test\/c\/\d+$/);
    const body = gh.comments[0]?.body ?? '';
    expect(body).toContain('&lt;img src="https://evil.example/t.png">');
    expect(body).toContain('!\\[t](https://evil.example/t.png)');
    expect(body).toContain('<details><summary>ok</summary>');
  });

  it('refuses a comment.json that claims another PR, and touches none', async () => {
    const result = await runComment({
      pullNumber: 1,
      owner: 'acme',
      repo: 'mcp',
      body: '## forged ✅ pass',
    });
    expect(result.failed).toBe(false);
    expect(writes()).toEqual([]);
    expect(result.warnings).toContain(
      'The stored comment claims acme/mcp#1, but this workflow_run is for acme/mcp#7: refused, nothing was posted.',
    );
  });

  it('refuses another repository named in comment.json', async () => {
    await runComment({ pullNumber: 7, owner: 'victim', repo: 'other', body: 'x' });
    expect(writes()).toEqual([]);
  });

  it('posts nothing when no open PR has the triggering commit at its head', async () => {
    const result = await runComment(
      { pullNumber: 7, owner: 'acme', repo: 'mcp', body: 'x' },
      { workflow_run: { ...forkRun.workflow_run, head_sha: 'b'.repeat(40) } },
    );
    expect(writes()).toEqual([]);
    expect(result.warnings).toContain('No single open pull request of acme/mcp has head bbbb');
  });

  it('takes a same-repository PR from the event when it names the head commit', async () => {
    await runComment(
      { pullNumber: 7, owner: 'acme', repo: 'mcp', body: 'ok' },
      {
        workflow_run: {
          ...forkRun.workflow_run,
          pull_requests: [{ number: 7, head: { sha: HEAD_SHA } }],
        },
      },
    );
    expect(writes()).toEqual(['POST /repos/acme/mcp/issues/7/comments']);
    expect(gh.requests.some((r) => r.path.startsWith('/repos/acme/mcp/pulls'))).toBe(false);
  });

  it('refuses a body larger than one comment', async () => {
    const result = await runComment({
      pullNumber: 7,
      owner: 'acme',
      repo: 'mcp',
      body: 'x'.repeat(70_000),
    });
    expect(writes()).toEqual([]);
    expect(result.warnings).toContain('more than the 65336 a comment may have');
  });

  it.each([
    ['not JSON', '{', 'comment.json is not JSON'],
    [
      'another shape',
      '{"pr": 7}',
      'is not a stored comment (expected pullNumber, owner, repo and body)',
    ],
  ])('fails clearly on a comment.json that is %s', async (_what, text, message) => {
    const result = await runComment(text);
    expect(result.failed).toBe(true);
    expect(result.warnings).toContain(message);
  });

  it('fails clearly outside a workflow_run', async () => {
    const result = await runComment(
      { pullNumber: 7, owner: 'acme', repo: 'mcp', body: 'x' },
      { pull_request: { number: 7 } },
      'pull_request',
    );
    expect(result.failed).toBe(true);
    expect(result.warnings).toContain(
      'mode: comment runs in a workflow_run workflow; this run\'s event is "pull_request"',
    );
  });
});
