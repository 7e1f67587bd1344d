// needs: processes
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/types.js';
import { cliEntry } from '../helpers/cli-entry.js';

/**
 * Issue 24: nothing bounded a run as a whole. A server whose call hangs, with the generous
 * timeouts a slow real server needs (10 minutes a call, a scenario), kept the harness up for as
 * long as those allowed times the runs, and a job killed then left no report. Now the run has a
 * wall-clock deadline (given here with --deadline; else derived from the plan): past it the
 * harness stops the servers, writes the report with what finished (partial), and exits 4. And a
 * SIGTERM (a cancelled job) ends it within seconds whatever it is waiting on.
 */
const REPO = resolve(import.meta.dirname, '../..');

async function hangingConfig(tag: string): Promise<{ dir: string; config: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'run-deadline-'));
  const config = join(dir, 'hang.yml');
  await writeFile(
    config,
    [
      'servers:',
      '  slow-hang:',
      '    transport: stdio',
      `    command: ${JSON.stringify(process.execPath)}`,
      // The tag is an ignored argument that finds the server's processes afterwards.
      `    args: [--import, tsx, test/mcp-servers/subject-hang.ts, ${tag}]`,
      `    cwd: ${JSON.stringify(REPO)}`,
      '    scenarioKey: reference',
      '    env:',
      "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
      "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
      "      GREENLAKE_WORKSPACE_ID: '${fake.workspaceId}'",
      '    timeouts: { startupMs: 60000, callMs: 600000, scenarioMs: 600000 }',
      '',
    ].join('\n'),
  );
  return { dir, config };
}

/** Pids whose command line carries `tag` (the server and anything it started with it). */
function processesTagged(tag: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (cmdline.includes(tag) && !/^\d+ \(.*\) [ZX] /.test(stat)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function startRun(
  config: string,
  out: string,
  extra: string[],
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
} {
  const child = spawn(
    process.execPath,
    [
      ...cliEntry(),
      'run',
      join(REPO, 'test/subjects/scenarios'),
      '--scenario',
      'subjects-offline-devices',
      '--config',
      config,
      '--sandbox',
      'off',
      '--concurrency',
      '1',
      '--quiet',
      '--out',
      out,
      ...extra,
    ],
    { cwd: REPO, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } },
  );
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (done) => child.on('exit', (code, signal) => done({ code, signal, at: Date.now() })),
  );
  return { child, output: () => output, exited };
}

async function waitForServer(tag: string, output: () => string): Promise<void> {
  for (let i = 0; i < 900 && processesTagged(tag).length === 0; i += 1) await sleep(100);
  expect(processesTagged(tag).length, `the server never started:\n${output()}`).toBeGreaterThan(0);
}

async function expectNoneLeft(tag: string, output: string): Promise<void> {
  for (let i = 0; i < 50 && processesTagged(tag).length > 0; i += 1) await sleep(100);
  const left = processesTagged(tag);
  for (const pid of left) process.kill(pid, 'SIGKILL'); // never leave a failing test's orphans
  expect(left, output).toEqual([]);
}

describe.runIf(process.platform === 'linux')('the run as a whole is bounded', () => {
  it('past --deadline it stops the servers, writes a partial report and exits 4', async () => {
    const tag = `deadline-${process.pid}-${Date.now()}`;
    const { dir, config } = await hangingConfig(tag);
    const out = join(dir, 'out');
    const run = startRun(config, out, ['--deadline', '6s']);
    await waitForServer(tag, run.output);
    // From the moment the hanging call is under way: the deadline (6 s from the run's start) and
    // the kill follow within seconds, not the call's 10 minutes.
    const serverUp = Date.now();
    const { code, signal, at } = await run.exited;
    expect({ code, signal }, run.output()).toEqual({ code: 4, signal: null });
    expect(at - serverUp).toBeLessThan(30_000);
    expect(run.output()).toContain("deadline: the run's deadline of 6s (given) passed");
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as Report;
    expect(report.partial?.stopped_by).toEqual(['deadline']);
    expect(report.partial?.reason).toMatch(/run\(s\) did not run or finish/);
    expect(report.gating_eligible).toBe(false);
    // The run in flight ended with its server; the other four never started.
    const runs = report.scenarios.flatMap((s) => s.results.flatMap((r) => r.runs));
    expect(runs.length).toBeLessThanOrEqual(1);
    expect(runs.every((r) => r.status === 'error')).toBe(true);
    await expectNoneLeft(tag, run.output());
  }, 120_000);

  it('a bad --deadline is a usage error naming the flag and the forms it takes', async () => {
    const { dir, config } = await hangingConfig('unused');
    const run = startRun(config, join(dir, 'out'), ['--deadline', 'soon']);
    const { code } = await run.exited;
    expect(code).toBe(2);
    expect(run.output()).toContain('--deadline "soon" is not a deadline');
    expect(run.output()).toContain('90s, 45m, 2h, 1h30m');
  }, 60_000);

  it('SIGTERM while a call hangs ends the harness and its server within seconds', async () => {
    const tag = `sigterm-${process.pid}-${Date.now()}`;
    const { dir, config } = await hangingConfig(tag);
    const run = startRun(config, join(dir, 'out'), []);
    await waitForServer(tag, run.output);
    await sleep(1000); // the call is under way
    const sent = Date.now();
    run.child.kill('SIGTERM');
    const { signal, at } = await run.exited;
    expect(signal).toBe('SIGTERM');
    expect(at - sent).toBeLessThan(5_000);
    await expectNoneLeft(tag, run.output());
  }, 120_000);
});
