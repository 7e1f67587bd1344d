/**
 * `npm run bench:sweep-stability` — the sweep's false-alarm rate: one server, unchanged, swept
 * (with every probe) N times on the golden suite's bundles; then every run is gated against every
 * other as the PR would be against its baseline (compareServerSweep), and the entries whose
 * outcome or probe results differ between runs are listed. An unchanged server should raise no
 * regression: each one raised is a false alarm.
 *
 *   npm run bench:sweep-stability -- [--runs 10] [--subject python|ts|secure-ssid|…]
 *                                    [--fixture site-a …] [--json]
 *
 * A compared server must be installed first (bash scripts/h2h/install.sh NAME). Long: nice it.
 */
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/common/package-root.js';
import { defaultBenchConfig, REFERENCE_SERVER } from '../src/config/default-config.js';
import { loadBenchConfig } from '../src/config/load-bench-config.js';
import type { ServerConfig } from '../src/config/types.js';
import { compareServerSweep, sweepReasons } from '../src/gate/compare-sweep.js';
import type { ServerSweep, SweepToolResult } from '../src/report/sweep-types.js';
import { sweepServers } from '../src/sweep/sweep-servers.js';

const COMPARED = ['secure-ssid', 'nowireless4u', 'karthik'];
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    subject: { type: 'string', default: 'ts' },
    fixture: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 2) throw new Error(`--runs ${values.runs}: at least 2`);
const subject = values.subject;
const root = packageRoot();

/** A value that must be there (a config's server, a run's sweep). */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

async function serverOf(): Promise<{ name: string; config: ServerConfig }> {
  if (subject === 'ts')
    return {
      name: REFERENCE_SERVER,
      config: must(defaultBenchConfig(root).servers[REFERENCE_SERVER], REFERENCE_SERVER),
    };
  if (subject === 'python') {
    const config = await loadBenchConfig(join(root, 'hpe-mcp-bench.subjects.yml'));
    return {
      name: 'python-reference',
      config: must(config.servers['python-reference'], 'python-reference'),
    };
  }
  if (!COMPARED.includes(subject))
    throw new Error(`--subject ${subject}: python, ts or one of ${COMPARED.join(', ')}`);
  if (!existsSync(join(root, '.h2h', subject, '.venv')))
    throw new Error(
      `--subject ${subject}: .h2h/${subject}/.venv is not there (bash scripts/h2h/install.sh ${subject})`,
    );
  const config = await loadBenchConfig(join(root, 'hpe-mcp-bench.compared.yml'));
  return { name: subject, config: must(config.servers[subject], subject) };
}

const fixtures = (values.fixture ?? ['site-a', 'campus-b']).map((f) => `fixtures/central/${f}`);
for (const f of fixtures)
  if (!existsSync(join(root, f))) throw new Error(`--fixture ${f}: no such bundle`);
const server = await serverOf();
const load = (): string => (loadavg()[0] ?? 0).toFixed(2);

const sweeps: ServerSweep[] = [];
const loads: string[] = [];
for (let i = 0; i < runs; i++) {
  const before = load();
  const started = performance.now();
  const result = await sweepServers({
    mode: 'read',
    servers: [{ name: server.name, config: server.config, fixtures }],
    root,
    baseDir: root,
    tmpRoot: tmpdir(),
    secrets: [],
    canonicaliseFor: () => (value) => value,
  });
  const sweep = must(result.get(server.name), `run ${i + 1}'s sweep`);
  if (sweep.failure !== null) console.error(`run ${i + 1}: ${sweep.failure}`);
  sweeps.push(sweep);
  loads.push(`${before}→${load()}`);
  if (!values.json)
    console.error(
      `run ${i + 1}/${runs}: ${((performance.now() - started) / 1000).toFixed(1)} s, load ${loads.at(-1)}`,
    );
}

/** What of an entry the gate reads, beside its digest: outcome and probe results. */
const verdict = (e: SweepToolResult): string =>
  JSON.stringify({
    outcome: e.outcome,
    probes: e.probes?.map((p) => `${p.status} ${p.result}`),
    filters: e.filters?.map((f) => `${f.argument} ${f.result}`),
    pages: e.pages?.result,
  });
const key = (e: SweepToolResult): string => `${e.tool} (${e.fixture})`;

// Entries whose verdict differs between runs (any run against the first).
const differing = new Map<string, Set<string>>();
for (const sweep of sweeps)
  for (const e of sweep.tools) {
    const seen = differing.get(key(e)) ?? new Set<string>();
    seen.add(verdict(e));
    differing.set(key(e), seen);
  }
const unsteady = [...differing].filter(([, v]) => v.size > 1);

// Every ordered pair gated: run j as the PR against run i as its baseline.
const alarms = new Map<string, number>();
let pairs = 0;
let failedPairs = 0;
for (let i = 0; i < runs; i++)
  for (let j = 0; j < runs; j++) {
    if (i === j) continue;
    pairs++;
    const reasons = sweepReasons([
      compareServerSweep(server.name, must(sweeps[j], 'run'), must(sweeps[i], 'run'), []),
    ]);
    if (reasons.length > 0) failedPairs++;
    for (const r of reasons) alarms.set(r, (alarms.get(r) ?? 0) + 1);
  }

const entries = must(sweeps[0], 'run 1').tools.length;
const unstable = sweeps.map((s) => s.counts.unstable ?? 0);
const summary = {
  subject,
  server: server.name,
  fixtures,
  runs,
  loads,
  entries,
  okPerRun: sweeps.map((s) => s.counts.ok ?? 0),
  unstablePerRun: unstable,
  entriesDiffering: unsteady.map(([k, v]) => ({ entry: k, verdicts: [...v] })),
  pairs,
  failedPairs,
  alarms: [...alarms].map(([reason, count]) => ({ reason, count })),
};
if (values.json) console.log(JSON.stringify(summary, null, 2));
else {
  console.log(
    `${subject}: ${runs} sweeps of ${entries} entries (${fixtures.map((f) => f.split('/').at(-1)).join(', ')}), load ${loads.join(', ')}`,
  );
  console.log(`  ok per run ${summary.okPerRun.join(' ')}; unstable per run ${unstable.join(' ')}`);
  console.log(`  entries whose outcome or probe results differed between runs: ${unsteady.length}`);
  for (const [k, v] of unsteady) console.log(`    ${k}: ${[...v].join(' | ')}`);
  console.log(
    `  gate, every run against every other: ${failedPairs}/${pairs} pairs would fail (false alarms)`,
  );
  for (const [reason, count] of alarms) console.log(`    ${count}× ${reason}`);
}
