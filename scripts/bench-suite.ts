/**
 * `npm run bench:suite` — how long the golden suite takes against the two reference servers, and
 * how far that is from a floor (a benchmark, not a timed test). Everything in one process, one
 * after the other, printed side by side:
 *
 *   floor: the same tool calls through long-lived sessions with the SDK client and no harness —
 *     one process per fixture × write gate per worker (the start-ups no mode can avoid: the gate
 *     sets the server's environment, the fixture its fake), the fake reset before every run,
 *     the same number of workers as the harness. No trajectory, tokens or scoring.
 *   runBench with isolation `server`, `scenario` (the default) and `run`, at the default
 *     concurrency (the cores available).
 *
 * Prints wall time, processes started, the start-up share (start-up time summed over runs ÷
 * wall time × workers) and the ratio to the floor. Targets: Python golden × 5 under
 * 4 minutes and within 1.5× of the floor; the TypeScript server under 60 s.
 *
 *   npm run bench:suite -- [--runs 5] [--subject python|ts …] [--mode floor|server|scenario|run …]
 *                          [--suite S …] [--concurrency N] [--json]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bareClient } from './bench/bare-client.js';
import { startFakeCentral, type FakeCentral } from '../fake-central/index.js';
import { defaultBenchConfig, REFERENCE_SERVER } from '../src/config/default-config.js';
import { loadBenchConfig } from '../src/config/load-bench-config.js';
import { expandTemplates, templateVariables } from '../src/config/template-variables.js';
import type { BenchConfig, StdioServerConfig } from '../src/config/types.js';
import { silentLogger } from '../src/run/ports.js';
import type { Isolation, Report } from '../src/report/types.js';
import { runBench } from '../src/run/run-bench.js';
import { defaultConcurrency } from '../src/run/request/check-options.js';
import { runQueue } from '../src/run/execute/work-queue.js';
import { loadScenarios } from '../src/scenarios/load-scenarios.js';
import { packageRoot } from '../src/common/package-root.js';
import { serverEnvironment } from '../src/servers/launch/server-environment.js';

const MODES = ['floor', 'server', 'scenario', 'run'] as const;
type Mode = (typeof MODES)[number];
const SUBJECTS = ['python', 'ts'] as const;
type Subject = (typeof SUBJECTS)[number];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    subject: { type: 'string', multiple: true },
    mode: { type: 'string', multiple: true },
    suite: { type: 'string', multiple: true },
    concurrency: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const concurrency =
  values.concurrency === undefined ? defaultConcurrency() : Number(values.concurrency);
const subjects = (values.subject ?? [...SUBJECTS]) as Subject[];
const modes = (values.mode ?? [...MODES]) as Mode[];
for (const s of subjects) if (!SUBJECTS.includes(s)) throw new Error(`--subject ${s}?`);
for (const m of modes)
  if (!MODES.includes(m)) throw new Error(`--mode ${m}? (${MODES.join(', ')})`);

const root = packageRoot();
const loaded = await loadScenarios(['scenarios'], { root, cwd: root });
if (loaded.errors.length > 0)
  throw new Error(`the golden suite has ${loaded.errors.length} errors`);
const scenarios = loaded.scenarios.filter(
  (s) =>
    s.plans[REFERENCE_SERVER] !== undefined &&
    (values.suite === undefined || values.suite.includes(s.suite)),
);

/** The bench config and server name of a subject; both run the scenarios' `reference` plans. */
async function subjectConfig(subject: Subject): Promise<{ config: BenchConfig; server: string }> {
  if (subject === 'ts') return { config: defaultBenchConfig(root), server: REFERENCE_SERVER };
  const config = await loadBenchConfig(join(root, 'hpe-mcp-bench.subjects.yml'));
  return { config, server: 'python-reference' };
}

interface Measured {
  wallMs: number;
  starts: number;
  startupMs: number;
  calls: number;
  passed: number | null;
  runs: number;
}

/** The floor: long-lived SDK sessions, one per fixture × gate per worker, no harness. */
async function floor(config: BenchConfig, server: string): Promise<Measured> {
  const spec = config.servers[server] as StdioServerConfig;
  const baseDir = config.file === null ? root : dirname(config.file);
  const command =
    isAbsolute(spec.command) || !/[\\/]/.test(spec.command)
      ? spec.command
      : resolve(baseDir, spec.command);
  const tmpRoot = await mkdtemp(join(tmpdir(), 'bench-suite-'));
  const items = scenarios
    .map((scenario) => ({ scenario, key: `${scenario.fixture}\0${scenario.write_gate}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  let starts = 0;
  let startupMs = 0;
  let calls = 0;
  const started = performance.now();
  interface Worker {
    fakes: Map<string, FakeCentral>;
    held?: { key: string; client: Client } | undefined;
  }
  const close = async (w: Worker) => {
    await w.held?.client.close();
    w.held = undefined;
  };
  try {
    await runQueue(
      items,
      concurrency,
      (): Worker => ({ fakes: new Map() }),
      async ({ scenario, key }, w) => {
        let fake = w.fakes.get(scenario.fixture);
        if (!fake) {
          fake = await startFakeCentral({ fixture: join(root, scenario.fixture) });
          w.fakes.set(scenario.fixture, fake);
        }
        for (let run = 0; run < runs; run++) {
          fake.reset();
          if (w.held?.key !== key) {
            await close(w);
            const dir = await mkdtemp(join(tmpRoot, 'floor-'));
            const variables = templateVariables({ fake, port: 0, home: dir, tmp: dir });
            const env = serverEnvironment({
              config: spec,
              writeGate: scenario.write_gate,
              fakeEnv: fake.serverEnv(),
              variables,
              home: dir,
              tmp: dir,
            });
            const t0 = performance.now();
            const transport = new StdioClientTransport({
              command,
              args: spec.args.map((a) => expandTemplates(a, variables)),
              cwd: resolve(baseDir, spec.cwd ?? '.'),
              env,
              stderr: 'ignore',
            });
            const client = bareClient('floor', scenario.write_gate);
            await client.connect(transport);
            await client.listTools();
            startupMs += performance.now() - t0;
            starts++;
            w.held = { key, client };
          }
          for (const step of scenario.plans[REFERENCE_SERVER] ?? []) {
            await w.held.client.callTool({ name: step.tool, arguments: step.arguments });
            calls++;
          }
        }
      },
      async (w) => {
        await close(w);
        await Promise.all([...w.fakes.values()].map((f) => f.close()));
      },
    );
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
  }
  return {
    wallMs: performance.now() - started,
    starts,
    startupMs,
    calls,
    passed: null,
    runs: scenarios.length * runs,
  };
}

async function harness(config: BenchConfig, server: string, isolation: Isolation) {
  const started = performance.now();
  const report: Report = await runBench(
    {
      config,
      servers: [server],
      scenarios,
      runs,
      allowFewRuns: true,
      isolation,
      concurrency,
      root,
      cwd: root,
    },
    { logger: silentLogger },
  );
  const wallMs = performance.now() - started;
  const all = report.scenarios.flatMap((s) => s.results.flatMap((r) => r.runs));
  const measured: Measured = {
    wallMs,
    starts: all.filter((r) => (r.startup_ms ?? 0) > 0).length,
    startupMs: all.reduce((n, r) => n + (r.startup_ms ?? 0), 0),
    calls: all.reduce((n, r) => n + r.tools_called.length, 0),
    passed: all.filter((r) => r.task_success).length,
    runs: all.length,
  };
  const state = report.servers[0]?.cross_run_state;
  const fields = [...new Set(state?.differing.flatMap((d) => d.fields) ?? [])];
  return {
    measured,
    crossRun: state ? `${state.differing.length} differ (${fields.join(', ') || '—'})` : '—',
  };
}

const load = (): number => Math.round((loadavg()[0] ?? 0) * 100) / 100;
const rows: {
  subject: Subject;
  mode: Mode;
  measured: Measured;
  crossRun: string;
  load: [number, number];
}[] = [];
process.stderr.write(
  `${scenarios.length} scenarios × ${runs} runs, concurrency ${concurrency}, ${availableParallelism()} CPUs\n`,
);
for (const subject of subjects) {
  const { config, server } = await subjectConfig(subject);
  // Warm the OS file cache, Python's bytecode and tsx's compile cache, unmeasured.
  await runBench(
    {
      config,
      servers: [server],
      scenarios: scenarios.slice(0, 1),
      runs: 1,
      allowFewRuns: true,
      root,
      cwd: root,
    },
    { logger: silentLogger },
  );
  for (const mode of modes) {
    const before = load();
    process.stderr.write(`${subject} ${mode}…\n`);
    const result =
      mode === 'floor'
        ? { measured: await floor(config, server), crossRun: '—' }
        : await harness(config, server, mode);
    rows.push({ subject, mode, ...result, load: [before, load()] });
  }
}

const floors = new Map(rows.filter((r) => r.mode === 'floor').map((r) => [r.subject, r.measured]));
const table = rows.map((r) => {
  const f = floors.get(r.subject);
  return {
    subject: r.subject === 'python' ? 'Python reference' : 'TS reference',
    mode: r.mode === 'floor' ? 'floor (SDK, long-lived)' : `isolation ${r.mode}`,
    wall_s: Math.round(r.measured.wallMs / 100) / 10,
    starts: r.measured.starts,
    startup_share: r.measured.startupMs / (r.measured.wallMs * concurrency),
    tool_calls: r.measured.calls,
    ratio_to_floor: f ? r.measured.wallMs / f.wallMs : null,
    task_success: r.measured.passed === null ? null : `${r.measured.passed}/${r.measured.runs}`,
    cross_run_state: r.crossRun,
    load_1m: r.load,
  };
});
if (values.json) {
  process.stdout.write(
    JSON.stringify({ scenarios: scenarios.length, runs, concurrency, rows: table }, null, 2) + '\n',
  );
} else {
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  const lines = [
    `| server | mode | wall s | processes | start-up share | tool calls | × floor | task success | reused runs that differ | load 1m |`,
    `| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |`,
    ...table.map(
      (t) =>
        `| ${t.subject} | ${t.mode} | ${t.wall_s.toFixed(1)} | ${t.starts} | ${pct(t.startup_share)} | ${t.tool_calls} | ${t.ratio_to_floor === null ? '—' : t.ratio_to_floor.toFixed(2)} | ${t.task_success ?? '—'} | ${t.cross_run_state} | ${t.load_1m.join(' → ')} |`,
    ),
    '',
    `${scenarios.length} scenarios × ${runs} runs, concurrency ${concurrency} (${availableParallelism()} CPUs). Targets: Python under 240 s and ≤ 1.5× floor; TS under 60 s.`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
