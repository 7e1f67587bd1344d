/**
 * `npm run bench:action` — the wall time of the built action (`dist/index.js`) on the bundled
 * golden suite, as a pull request's job runs it: a node process with the runner's environment,
 * a baseline restored from the Actions cache, the gate, the step summary and one PR comment.
 * GitHub's API and the cache service are the local fakes the end-to-end tests use
 * (test/helpers), so nothing leaves the machine. A benchmark, not a timed test.
 *
 * For each concurrency it first runs the action on a push (which saves the baseline; not timed)
 * and then on a pull request (timed, `--repeat` times). Beside it, the floor this wall time is
 * judged against: `node -e ''` (a bare node start) and the benchmark phase inside the action,
 * the report's `duration_ms`, so what the action adds around the benchmark is visible.
 *
 *   npm run bench:action -- [--concurrency 1 --concurrency 2] [--runs 5] [--repeat 1] [--json]
 *
 * Build first (`npm run build`): it times the committed bundle, which is what a workflow runs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeCacheService } from '../test/helpers/fake-cache-service.js';
import { startFakeGitHub } from '../test/helpers/fake-github.js';

const REPO = resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', multiple: true },
    runs: { type: 'string', default: '5' },
    repeat: { type: 'string', default: '1' },
    json: { type: 'boolean', default: false },
  },
});
const concurrencies = (values.concurrency ?? ['1', '2']).map(Number);
const repeat = Number(values.repeat);
for (const c of concurrencies) {
  if (!Number.isInteger(c) || c < 1) throw new Error(`--concurrency ${c}: a whole number ≥ 1`);
}
if (!Number.isInteger(repeat) || repeat < 1) throw new Error(`--repeat ${values.repeat}: ≥ 1`);
const bundle = join(REPO, 'dist/index.js');
if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm run build first`);

interface ActionRun {
  status: number | null;
  ms: number;
  output: string;
  report: { duration_ms?: number } | null;
}

/** Runs the bundle once as the runner would, in a fresh RUNNER_TEMP. */
async function runAction(
  concurrency: number,
  event: 'push' | 'pull_request',
  services: { cache: string; gh: string },
): Promise<ActionRun> {
  const work = mkdtempSync(join(tmpdir(), 'bench-action-'));
  const files = {
    event: join(work, 'event.json'),
    output: join(work, 'output'),
    summary: join(work, 'summary.md'),
  };
  writeFileSync(
    files.event,
    JSON.stringify(
      event === 'push'
        ? { repository: { default_branch: 'main' } }
        : { pull_request: { number: 7 }, repository: { default_branch: 'main' } },
    ),
  );
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const workspace = join(work, 'workspace');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    RUNNER_TEMP: join(work, 'runner-temp'),
    GITHUB_WORKSPACE: workspace,
    GITHUB_SERVER_URL: 'https://github.com',
    ACTIONS_CACHE_SERVICE_V2: 'true',
    ACTIONS_RESULTS_URL: services.cache,
    ACTIONS_RUNTIME_TOKEN: 'bench-runtime-token',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_REPOSITORY: 'acme/mcp',
    GITHUB_SHA: (event === 'push' ? 'a' : 'b').repeat(40),
    GITHUB_REF: event === 'push' ? 'refs/heads/main' : 'refs/pull/7/merge',
    GITHUB_API_URL: services.gh,
    'INPUT_GITHUB-TOKEN': 'ghs_bench',
    'INPUT_REPORT-DIR': join(work, 'runner-temp', 'report'),
    INPUT_RUNS: values.runs,
    INPUT_CONCURRENCY: String(concurrency),
    INPUT_MODE: 'gate',
  };
  mkdirSync(workspace);
  mkdirSync(join(work, 'runner-temp'));
  const started = performance.now();
  const result = await new Promise<{ status: number | null; output: string }>((done) => {
    // Async spawn: the fakes live in this process and must keep answering.
    const child = spawn(process.execPath, [bundle], { cwd: workspace, env });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (status) => done({ status, output }));
  });
  const ms = performance.now() - started;
  const reportPath = join(work, 'runner-temp', 'report', 'report.json');
  const report = existsSync(reportPath)
    ? (JSON.parse(readFileSync(reportPath, 'utf8')) as ActionRun['report'])
    : null;
  rmSync(work, { recursive: true, force: true });
  return { ...result, ms, report };
}

function bareNodeMs(): number {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '']);
  return performance.now() - started;
}

const rows: {
  concurrency: number;
  wallMs: number[];
  runPhaseMs: (number | null)[];
  load: number;
}[] = [];
const nodeMs = bareNodeMs();
for (const concurrency of concurrencies) {
  const cache = await startFakeCacheService(
    mkdtempSync(join(tmpdir(), 'bench-action-cache-')),
    'bench-runtime-token',
  );
  const gh = await startFakeGitHub();
  try {
    const services = { cache: cache.url, gh: gh.url };
    const push = await runAction(concurrency, 'push', services);
    if (push.status !== 0) throw new Error(`the push run failed:\n${push.output.slice(-3000)}`);
    const row = {
      concurrency,
      wallMs: [] as number[],
      runPhaseMs: [] as (number | null)[],
      load: 0,
    };
    for (let i = 0; i < repeat; i += 1) {
      const pr = await runAction(concurrency, 'pull_request', services);
      if (pr.status !== 0) throw new Error(`the PR run failed:\n${pr.output.slice(-3000)}`);
      // The restore line (src/action/run-gate.ts); "No baseline found" would mean a cold start.
      if (!/^Baseline: /m.test(pr.output))
        throw new Error(`the PR run restored no baseline:\n${pr.output.slice(-3000)}`);
      row.wallMs.push(pr.ms);
      row.runPhaseMs.push(pr.report?.duration_ms ?? null);
    }
    row.load = loadavg()[0] ?? 0;
    rows.push(row);
  } finally {
    await gh.close();
    await cache.close();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

if (values.json) {
  console.log(JSON.stringify({ bareNodeMs: nodeMs, runs: Number(values.runs), rows }, null, 2));
} else {
  console.log(
    `built action (dist/index.js) on the golden suite, runs ${values.runs}, a pull request with a cached baseline`,
  );
  console.log(`bare node start: ${nodeMs.toFixed(0)} ms`);
  console.log('concurrency | action wall time (median) | its benchmark phase | load (1 min)');
  for (const r of rows) {
    const phases = r.runPhaseMs.filter((x): x is number => x !== null);
    console.log(
      `${String(r.concurrency).padStart(11)} | ${(median(r.wallMs) / 1000).toFixed(1).padStart(22)} s | ${
        phases.length > 0 ? `${(median(phases) / 1000).toFixed(1)} s` : 'n/a'
      } | ${r.load.toFixed(1)}`,
    );
  }
}
