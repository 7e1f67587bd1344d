/**
 * `npm run bench:runner` — how much the runner costs (a benchmark, not a timed test).
 *
 * The golden suite × N runs (default 5) against the reference server, three ways, in one process:
 *   1. bare: a loop that does what a run needs and nothing else — reset the fake, spawn the same
 *      server binary with the same environment through the SDK's StdioClientTransport,
 *      initialize, tools/list, make the plan's tool calls (answering confirmations like the
 *      harness), close. Same fake, same calls, no trajectory, tokens or scoring.
 *   2. runBench with concurrency 1 (the harness: process groups, fresh HOME/TMPDIR, the agent
 *      loop, token counting, scoring, aggregation).
 *   3. runBench with concurrency 2.
 * `--rounds N` repeats the three in turn and reports the median round. Prints wall time, tool calls per second, the harness overhead per tool call against the bare
 * loop, and the concurrency speed-up. Targets: overhead ≤ 20 %; concurrency 2 ≥ 1.6× on two cores.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bareClient } from './bench/bare-client.js';
import { startFakeCentral, type FakeCentral } from '../fake-central/index.js';
import { defaultBenchConfig, REFERENCE_SERVER } from '../src/config/default-config.js';
import type { StdioServerConfig } from '../src/config/types.js';
import { silentLogger } from '../src/run/ports.js';
import { runBench } from '../src/run/run-bench.js';
import { loadScenarios } from '../src/scenarios/load-scenarios.js';
import { packageRoot } from '../src/common/package-root.js';
import type { Scenario } from '../src/scenarios/types.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '1' },
    suite: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const rounds = Number(values.rounds);
const root = packageRoot();
const config = defaultBenchConfig(root);
const reference = config.servers[REFERENCE_SERVER] as StdioServerConfig;

const loaded = await loadScenarios(['scenarios'], { root, cwd: root });
if (loaded.errors.length > 0)
  throw new Error(`the golden suite has ${loaded.errors.length} errors`);
const scenarios = loaded.scenarios.filter(
  (s) =>
    s.plans[REFERENCE_SERVER] !== undefined &&
    (values.suite === undefined || values.suite.includes(s.suite)),
);

function expand(value: string, fake: FakeCentral): string {
  return value
    .replaceAll('${fake.clientId}', fake.credentials.clientId)
    .replaceAll('${fake.clientSecret}', fake.credentials.clientSecret)
    .replaceAll('${fake.workspaceId}', fake.credentials.workspaceId)
    .replaceAll('${fake.url}', fake.url);
}

/** One run without the harness: the same process, environment and calls. */
async function bareRun(scenario: Scenario, fake: FakeCentral, tmpRoot: string): Promise<number> {
  fake.reset();
  const dir = await mkdtemp(join(tmpRoot, 'bare-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    TMPDIR: dir,
    LANG: process.env.LANG ?? 'C.UTF-8',
    ...fake.serverEnv(),
  };
  const gateEnv = reference.gates[scenario.write_gate] ?? {};
  for (const [k, v] of Object.entries({ ...reference.env, ...gateEnv })) env[k] = expand(v, fake);
  const transport = new StdioClientTransport({
    command: reference.command,
    args: reference.args,
    cwd: reference.cwd ?? root,
    env,
    stderr: 'pipe',
  });
  const client = bareClient('bare-loop', scenario.write_gate);
  try {
    await client.connect(transport);
    await client.listTools();
    const plan = scenario.plans[REFERENCE_SERVER] ?? [];
    for (const step of plan) await client.callTool({ name: step.tool, arguments: step.arguments });
    return plan.length;
  } finally {
    await client.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function bareLoop(): Promise<{ wallMs: number; calls: number }> {
  const tmpRoot = await mkdtemp(join(tmpdir(), 'bench-runner-'));
  const fakes = new Map<string, FakeCentral>();
  let calls = 0;
  const started = performance.now();
  try {
    for (const scenario of scenarios) {
      let fake = fakes.get(scenario.fixture);
      if (!fake) {
        fake = await startFakeCentral({ fixture: join(root, scenario.fixture) });
        fakes.set(scenario.fixture, fake);
      }
      for (let run = 0; run < runs; run++) calls += await bareRun(scenario, fake, tmpRoot);
    }
    return { wallMs: performance.now() - started, calls };
  } finally {
    await Promise.all([...fakes.values()].map((f) => f.close()));
    await rm(tmpRoot, { recursive: true, force: true });
  }
}

async function harness(concurrency: number): Promise<{ wallMs: number; calls: number }> {
  const started = performance.now();
  const report = await runBench(
    {
      config,
      servers: [REFERENCE_SERVER],
      scenarios,
      runs,
      allowFewRuns: true,
      concurrency,
      root,
      cwd: root,
    },
    { logger: silentLogger },
  );
  const wallMs = performance.now() - started;
  const allRuns = report.scenarios.flatMap((s) => s.results.flatMap((r) => r.runs));
  const failed = allRuns.filter((r) => r.status === 'error' || !r.task_success).length;
  if (failed > 0) process.stderr.write(`warning: ${failed} harness runs failed or errored\n`);
  return { wallMs, calls: allRuns.reduce((n, r) => n + r.tools_called.length, 0) };
}

process.stderr.write(
  `${scenarios.length} scenarios × ${runs} runs, reference server (${reference.args.join(' ')}), ${availableParallelism()} CPUs\n`,
);
// Warm the OS file cache and the server bundle's compile cache, unmeasured.
{
  const warm = await startFakeCentral({ fixture: join(root, (scenarios[0] as Scenario).fixture) });
  await bareRun(scenarios[0] as Scenario, warm, tmpdir()).finally(() => warm.close());
}
const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
// Rounds alternate the three modes so background load hits each alike; the median round counts.
const samples = { bare: [] as number[], seq: [] as number[], par: [] as number[] };
let calls = { bare: 0, seq: 0, par: 0 };
const load = [loadavg()[0] ?? 0];
for (let round = 0; round < rounds; round++) {
  const b = await bareLoop();
  const c1 = await harness(1);
  const c2 = await harness(2);
  samples.bare.push(b.wallMs);
  samples.seq.push(c1.wallMs);
  samples.par.push(c2.wallMs);
  calls = { bare: b.calls, seq: c1.calls, par: c2.calls };
  load.push(loadavg()[0] ?? 0);
}
const bare = { wallMs: median(samples.bare), calls: calls.bare };
const seq = { wallMs: median(samples.seq), calls: calls.seq };
const par = { wallMs: median(samples.par), calls: calls.par };

const perCall = (r: { wallMs: number; calls: number }) => r.wallMs / r.calls;
const result = {
  scenarios: scenarios.length,
  runs,
  rounds,
  cpus: availableParallelism(),
  load_average_1m: load.map((l) => Math.round(l * 100) / 100),
  bare: { wall_ms: Math.round(bare.wallMs), calls: bare.calls, ms_per_call: perCall(bare) },
  harness_c1: { wall_ms: Math.round(seq.wallMs), calls: seq.calls, ms_per_call: perCall(seq) },
  harness_c2: { wall_ms: Math.round(par.wallMs), calls: par.calls, ms_per_call: perCall(par) },
  calls_per_second_c1: (seq.calls / seq.wallMs) * 1000,
  overhead_ms_per_call: perCall(seq) - perCall(bare),
  overhead_ratio: perCall(seq) / perCall(bare) - 1,
  speedup_c2: seq.wallMs / par.wallMs,
};
if (values.json) {
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
} else {
  const f = (n: number, d = 1) => n.toFixed(d);
  const lines = [
    `| mode | wall s | tool calls | calls/s | wall ms per call (start-up included) |`,
    `| --- | ---: | ---: | ---: | ---: |`,
    ...(
      [
        ['bare SDK loop', bare],
        ['runBench, concurrency 1', seq],
        ['runBench, concurrency 2', par],
      ] as const
    ).map(
      ([name, r]) =>
        `| ${name} | ${f(r.wallMs / 1000)} | ${r.calls} | ${f((r.calls / r.wallMs) * 1000)} | ${f(perCall(r))} |`,
    ),
    '',
    `harness overhead per tool call: ${f(result.overhead_ms_per_call)} ms (${f(result.overhead_ratio * 100)} % over the bare loop; target ≤ 20 %)`,
    `concurrency 2 vs 1: ${f(result.speedup_c2, 2)}× faster (target ≥ 1.6× on two cores; ${result.cpus} CPUs here)`,
    `median of ${rounds} round${rounds === 1 ? '' : 's'}; 1-minute load average before and after each round: ${result.load_average_1m.join(', ')}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
