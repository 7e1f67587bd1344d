/**
 * `npm run bench:sweep` — what the tool sweep (`--sweep read`, the default) adds to a run: the
 * golden suite against each reference server with the sweep off, then on, one after the other
 * in one process, with the load average around each. Target: at most +25 % wall time.
 * A benchmark, not a timed test: figures go in docs/performance.md with the load.
 *
 *   npm run bench:sweep -- [--runs 5] [--subject python|ts …] [--sweep-only] [--json]
 *
 * `--sweep-only` times the sweep phase alone (no golden-suite runs): what a change to the sweep's
 * probes costs, in a fraction of the full bench's time.
 */
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/common/package-root.js';
import { defaultBenchConfig, REFERENCE_SERVER } from '../src/config/default-config.js';
import { loadBenchConfig } from '../src/config/load-bench-config.js';
import type { BenchConfig } from '../src/config/types.js';
import type { SweepMode } from '../src/report/sweep-types.js';
import { silentLogger } from '../src/run/ports.js';
import { runBench } from '../src/run/run-bench.js';
import { loadScenarios } from '../src/scenarios/load-scenarios.js';
import { sweepServers } from '../src/sweep/sweep-servers.js';

const SUBJECTS = ['python', 'ts'] as const;
type Subject = (typeof SUBJECTS)[number];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    subject: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
    'sweep-only': { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const subjects = (values.subject ?? [...SUBJECTS]) as Subject[];
for (const s of subjects) if (!SUBJECTS.includes(s)) throw new Error(`--subject ${s}?`);

const root = packageRoot();
const loaded = await loadScenarios(['scenarios'], { root, cwd: root });
if (loaded.errors.length > 0)
  throw new Error(`the golden suite has ${loaded.errors.length} errors`);
const scenarios = loaded.scenarios.filter((s) => s.plans[REFERENCE_SERVER] !== undefined);

async function subjectConfig(subject: Subject): Promise<{ config: BenchConfig; server: string }> {
  if (subject === 'ts') return { config: defaultBenchConfig(root), server: REFERENCE_SERVER };
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

/** The sweep phase alone (the golden suite's bundles), as runBench runs it before the scenarios. */
async function sweepAlone(config: BenchConfig, server: string): Promise<number> {
  const serverConfig = config.servers[server];
  if (!serverConfig) throw new Error(`no server ${server}`);
  const fixtures = [...new Set(scenarios.map((s) => s.fixture))].sort();
  const started = performance.now();
  await sweepServers({
    mode: 'read',
    servers: [{ name: server, config: serverConfig, fixtures }],
    root,
    baseDir: root,
    tmpRoot: tmpdir(),
    secrets: [],
    canonicaliseFor: () => (value) => value,
  });
  return Math.round(performance.now() - started);
}
const alone: Partial<Record<Subject, { ms: number; load: string }>> = {};

const rows: Row[] = [];
for (const subject of subjects) {
  const { config, server } = await subjectConfig(subject);
  const loadBefore = load();
  alone[subject] = { ms: await sweepAlone(config, server), load: `${loadBefore} → ${load()}` };
  if (values['sweep-only']) continue;
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

if (values.json) {
  console.log(JSON.stringify({ runs, scenarios: scenarios.length, rows, alone }, null, 2));
} else if (values['sweep-only']) {
  for (const subject of subjects)
    console.log(
      `${subject.padEnd(6)} the sweep phase alone ${((alone[subject]?.ms ?? 0) / 1000).toFixed(1)} s (load ${alone[subject]?.load ?? '?'})`,
    );
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
