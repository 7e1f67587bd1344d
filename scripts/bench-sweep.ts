/**
 * `npm run bench:sweep` — what the tool sweep (`--sweep read`, the default) adds to a run: the
 * golden suite against each reference server with the sweep off, then on, one after the other
 * in one process, with the load average around each. Target: at most +25 % wall time.
 * A benchmark, not a timed test: figures go in docs/performance.md with the load.
 *
 *   npm run bench:sweep -- [--runs 5] [--subject python|ts|secure-ssid|nowireless4u|karthik …]
 *                          [--fixture site-a …] [--sweep-only] [--json] [--report FILE]
 *                          [--concurrency 2]
 *
 * `--sweep-only` times the sweep phase alone (no golden-suite runs): what a change to the sweep's
 * probes costs, in a fraction of the full bench's time. Each bundle's sweep is split into the
 * server's start, the read tools' plain calls, their probes and the writes.
 *
 * `--concurrency N` is how many of a server's bundles the sweep phase alone sweeps at once (the
 * run's default, 2; 1 is one after the other).
 *
 * `--report FILE` writes each subject's whole sweep (report.json's `servers[].sweep`, which holds
 * no timing) to FILE: two files from before and after a change to the sweep's speed must be
 * equal (`cmp`), the proof that the change decided nothing differently.
 *
 * A compared server (hpe-mcp-bench.compared.yml) is swept alone (`--sweep-only` implied), once
 * installed by scripts/h2h/install.sh into .h2h/NAME/.venv: the issue's bar for secure-ssid's
 * 736-tool menu is 60 s once the server has started, 3 minutes with the probes.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/common/package-root.js';
import { defaultBenchConfig, REFERENCE_SERVER } from '../src/config/default-config.js';
import { loadBenchConfig } from '../src/config/load-bench-config.js';
import type { BenchConfig } from '../src/config/types.js';
import type { ServerSweep, SweepMode } from '../src/report/sweep-types.js';
import { silentLogger } from '../src/run/ports.js';
import { runBench } from '../src/run/run-bench.js';
import { loadScenarios } from '../src/scenarios/load-scenarios.js';
import type { FixtureTiming } from '../src/sweep/sweep-fixture.js';
import { sweepServers } from '../src/sweep/sweep-servers.js';

const REFERENCES = ['python', 'ts'] as const;
const COMPARED = ['secure-ssid', 'nowireless4u', 'karthik'] as const;
const SUBJECTS = [...REFERENCES, ...COMPARED] as const;
type Subject = (typeof SUBJECTS)[number];
const isCompared = (s: Subject): boolean => (COMPARED as readonly string[]).includes(s);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    subject: { type: 'string', multiple: true },
    fixture: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
    'sweep-only': { type: 'boolean', default: false },
    report: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
  },
});
const runs = Number(values.runs);
const subjects = (values.subject ?? [...REFERENCES]) as Subject[];
for (const s of subjects)
  if (!(SUBJECTS as readonly string[]).includes(s))
    throw new Error(`--subject ${s}: not one of ${SUBJECTS.join(', ')}`);

const root = packageRoot();
const loaded = await loadScenarios(['scenarios'], { root, cwd: root });
if (loaded.errors.length > 0)
  throw new Error(`the golden suite has ${loaded.errors.length} errors`);
const scenarios = loaded.scenarios.filter((s) => s.plans[REFERENCE_SERVER] !== undefined);

async function subjectConfig(subject: Subject): Promise<{ config: BenchConfig; server: string }> {
  if (subject === 'ts') return { config: defaultBenchConfig(root), server: REFERENCE_SERVER };
  if (isCompared(subject)) {
    if (!existsSync(join(root, '.h2h', subject, '.venv')))
      throw new Error(
        `--subject ${subject}: .h2h/${subject}/.venv is not there; check the server out at its pin and install it (scripts/h2h/install.sh says how: bash scripts/h2h/install.sh ${subject})`,
      );
    const config = await loadBenchConfig(join(root, 'hpe-mcp-bench.compared.yml'));
    return { config, server: subject };
  }
  const config = await loadBenchConfig(join(root, 'hpe-mcp-bench.subjects.yml'));
  return { config, server: 'python-reference' };
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface Row {
  subject: Subject;
  sweep: SweepMode;
  wallMs: number;
  loadBefore: string;
  loadAfter: string;
  tools: number | null;
  ok: number | null;
}

const suiteFixtures = [...new Set(scenarios.map((s) => s.fixture))].sort();
const fixtures =
  values.fixture === undefined
    ? suiteFixtures
    : values.fixture.map((name) => {
        const found = suiteFixtures.find((f) => f.split('/').at(-1) === name);
        if (found === undefined)
          throw new Error(
            `--fixture ${name}: not a bundle of the golden suite (${suiteFixtures.map((f) => f.split('/').at(-1)).join(', ')})`,
          );
        return found;
      });
const timings: FixtureTiming[] = [];
const swept: Partial<Record<Subject, { tools: number; counts: Record<string, number> }>> = {};
const wholeSweeps: Partial<Record<Subject, ServerSweep>> = {};
/** CPU the harness's own process used in the sweep phase (the fake, the judging, the leak scan). */
const harnessCpuMs: Partial<Record<Subject, number>> = {};

/** The sweep phase alone (the golden suite's bundles), as runBench runs it before the scenarios. */
async function sweepAlone(config: BenchConfig, server: string, subject: Subject): Promise<number> {
  const serverConfig = config.servers[server];
  if (!serverConfig) throw new Error(`no server ${server}`);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const sweeps = await sweepServers({
    mode: 'read',
    servers: [{ name: server, config: serverConfig, fixtures }],
    root,
    baseDir: root,
    tmpRoot: tmpdir(),
    secrets: [],
    canonicaliseFor: () => (value) => value,
    concurrency: Number(values.concurrency),
    onTimed: (t) => timings.push(t),
  });
  const sweep = sweeps.get(server);
  const used = process.cpuUsage(cpu);
  harnessCpuMs[subject] = Math.round((used.user + used.system) / 1000);
  if (sweep?.failure) console.error(`${subject}: the sweep failed: ${sweep.failure}`);
  if (sweep) {
    swept[subject] = { tools: sweep.menu.length, counts: { ...sweep.counts } };
    wholeSweeps[subject] = sweep;
  }
  return Math.round(performance.now() - started);
}
const alone: Partial<Record<Subject, { ms: number; load: string }>> = {};

const rows: Row[] = [];
for (const subject of subjects) {
  const { config, server } = await subjectConfig(subject);
  const loadBefore = load();
  alone[subject] = {
    ms: await sweepAlone(config, server, subject),
    load: `${loadBefore} → ${load()}`,
  };
  if (values['sweep-only'] || isCompared(subject)) continue;
  for (const sweep of ['off', 'read'] as const) {
    const loadBefore = load();
    const started = performance.now();
    const report = await runBench(
      {
        config,
        servers: [server],
        scenarios,
        runs,
        allowFewRuns: runs < 5,
        root,
        cwd: root,
        sweep,
      },
      { logger: silentLogger },
    );
    const wallMs = Math.round(performance.now() - started);
    const swept = report.servers[0]?.sweep;
    rows.push({
      subject,
      sweep,
      wallMs,
      loadBefore,
      loadAfter: load(),
      tools: swept ? swept.menu.length : null,
      ok: swept ? (swept.counts.ok ?? 0) : null,
    });
  }
}

if (values.report !== undefined)
  writeFileSync(values.report, `${JSON.stringify(wholeSweeps, null, 2)}\n`);

const s1 = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
/** Per bundle: the start, the plain calls, the probes, the writes; and the outcome counts. */
function printSplit(subject: Subject, server: string): void {
  for (const t of timings.filter((x) => x.server === server))
    console.log(
      `  ${t.fixture}: server start ${s1(t.startMs)}; read tools' plain calls ${s1(t.readsMs)}; probes ${s1(t.probesMs)} (of which waiting for an earlier bundle ${s1(t.waitMs)}); writes ${s1(t.writesMs)}\n` +
        `    slowest: ${t.slowest.map((x) => `${x.tool} ${s1(x.ms)}`).join(', ')}`,
    );
  const counts = swept[subject];
  if (counts)
    console.log(
      `  ${counts.tools} tools; entries: ${Object.entries(counts.counts)
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
}
const serverOf = (s: Subject): string =>
  s === 'ts' ? REFERENCE_SERVER : s === 'python' ? 'python-reference' : s;

if (values.json) {
  console.log(
    JSON.stringify({ runs, scenarios: scenarios.length, rows, alone, timings, swept }, null, 2),
  );
} else if (values['sweep-only'] || subjects.every(isCompared)) {
  for (const subject of subjects) {
    console.log(
      `${subject.padEnd(6)} the sweep phase alone ${s1(alone[subject]?.ms ?? 0)}, the harness's CPU ${s1(harnessCpuMs[subject] ?? 0)} (load ${alone[subject]?.load ?? '?'})`,
    );
    printSplit(subject, serverOf(subject));
  }
} else {
  console.log(
    `golden suite: ${scenarios.length} scenarios × ${runs} run(s), default isolation and concurrency`,
  );
  for (const subject of subjects) {
    const off = rows.find((r) => r.subject === subject && r.sweep === 'off');
    const on = rows.find((r) => r.subject === subject && r.sweep === 'read');
    if (!off || !on) continue;
    const added = ((on.wallMs - off.wallMs) / off.wallMs) * 100;
    console.log(
      `${subject.padEnd(6)} sweep off ${(off.wallMs / 1000).toFixed(1)} s (load ${off.loadBefore} → ${off.loadAfter}); ` +
        `sweep read ${(on.wallMs / 1000).toFixed(1)} s (load ${on.loadBefore} → ${on.loadAfter}; ${on.ok ?? 0} ok entries, ${on.tools ?? 0} tools); ` +
        `added ${added.toFixed(1)} %; the sweep phase alone ${((alone[subject]?.ms ?? 0) / 1000).toFixed(1)} s (load ${alone[subject]?.load ?? '?'})`,
    );
  }
}
