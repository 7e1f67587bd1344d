// needs: processes
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../helpers/fake-github.js';

const REPO = resolve(import.meta.dirname, '../..');

describe('the built action (dist/index.js) as a node process', () => {
  it('runs the gate, writes outputs and the summary, and creates the PR comment', async () => {
    expect(
      existsSync(join(REPO, 'dist/index.js')),
      'dist/index.js is missing: run npm run build',
    ).toBe(true);
    const work = mkdtempSync(join(tmpdir(), 'action-dist-'));
    const docs = parseAllDocuments(
      readFileSync(join(REPO, 'test/subjects/scenarios/subjects.yaml'), 'utf8'),
    );
    const scenarios = join(work, 'one.yaml');
    writeFileSync(
      scenarios,
      `# yaml-language-server: $schema=${REPO}/scenarios/scenario.schema.json\n---\n${String(docs[1])}`,
    );
    const files = {
      event: join(work, 'event.json'),
      output: join(work, 'output'),
      summary: join(work, 'summary.md'),
    };
    writeFileSync(
      files.event,
      JSON.stringify({ pull_request: { number: 3 }, repository: { default_branch: 'main' } }),
    );
    writeFileSync(files.output, '');
    writeFileSync(files.summary, '');
    const gh = await startFakeGitHub();
    try {
      const child = await new Promise<{ status: number | null; stdout: string }>(
        (resolvePromise) => {
          // Async spawn: the fake GitHub server lives in this process and must keep answering.
          const p = spawn(process.execPath, [join(REPO, 'dist/index.js')], {
            cwd: REPO,
            env: {
              PATH: process.env.PATH ?? '',
              HOME: process.env.HOME ?? '',
              GITHUB_EVENT_NAME: 'pull_request',
              GITHUB_EVENT_PATH: files.event,
              GITHUB_OUTPUT: files.output,
              GITHUB_STEP_SUMMARY: files.summary,
              GITHUB_REPOSITORY: 'acme/mcp',
              GITHUB_SHA: 'def4560000000000000000000000000000000000',
              GITHUB_REF: 'refs/pull/3/merge',
              GITHUB_API_URL: gh.url,
              GITHUB_WORKSPACE: REPO,
              RUNNER_TEMP: work,
              'INPUT_GITHUB-TOKEN': 'ghs_test',
              INPUT_SCENARIOS: scenarios,
              'INPUT_REPORT-DIR': join(work, 'report'),
              INPUT_RUNS: '5',
              INPUT_MODE: 'gate',
            },
          });
          let stdout = '';
          p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
          p.stderr.on('data', (c: Buffer) => (stdout += c.toString()));
          p.on('exit', (status) => resolvePromise({ status, stdout }));
        },
      );
      expect(child.status, child.stdout).toBe(0);
      const outputs = readFileSync(files.output, 'utf8');
      expect(outputs).toMatch(/verdict<<\S+\ncold-start\n/);
      expect(readFileSync(files.summary, 'utf8')).toContain('## hpe-mcp-bench: 🆕 cold start');
      expect(gh.comments).toHaveLength(1);
      expect(existsSync(join(work, 'report', 'report.json'))).toBe(true);
    } finally {
      await gh.close();
    }
    // The action's default run (the read sweep, five runs) in its own process: 12.9 s in the
    // fresh-clone run (Dec 5, 04:00 UTC), 19 s alone at load 4–6, past 30 s at load 7–15.
  }, 120_000);
});
