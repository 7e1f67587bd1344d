/**
 * `npm run bench:gate` — the gate's power, measured: every planted regression of the catalogue
 * (scripts/bench-gate/planted.yml) applied to a temp copy of its reference server, run with the
 * action's PR defaults and compared with a baseline run of the unchanged server (one baseline per
 * server, reused by every plant); then reruns of the unchanged servers compared with the same
 * baselines (false alarms), the second half two at a time (under load); and the smallest change
 * the default thresholds detect with 5 runs. Prints the figures and writes docs/gate.md's
 * measured section. A benchmark, not a test: `npm test` only checks the catalogue and the tally.
 *
 *   npm run bench:gate -- [--only KIND|ID,...] [--reruns N] [--work DIR] [--regate] [--no-docs]
 *
 * Every report is kept under --work (default .bench/gate): `--regate` gates the stored reports
 * again with the current gate, running nothing. A stored baseline is reused; delete the
 * directory to start over. Run it niced (`nice -n 10`) on a shared machine.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/common/package-root.js';
import { parseThresholds } from '../src/gate/thresholds.js';
import type { Report } from '../src/report/types.js';
import {
  loadCatalogue,
  PLANT_KINDS,
  type Plant,
  type PlantServer,
} from './bench-gate/catalogue.js';
import { detectableEffect } from './bench-gate/detectable.js';
import { plantOutcome, type PlantOutcome } from './bench-gate/outcome.js';
import { compareWithBaseline, prRun } from './bench-gate/pr-run.js';
import { writeGateDoc } from './bench-gate/render-doc.js';
import { serverCopy, SERVER_NAME } from './bench-gate/server-copy.js';
import { loadRun, saveRun, storedNames, type StoredRun } from './bench-gate/store.js';
import { summaryLines, tally, type RerunOutcome } from './bench-gate/tally.js';

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    reruns: { type: 'string', default: '20' },
    work: { type: 'string', default: '.bench/gate' },
    regate: { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
  },
});

const root = packageRoot();
const work = resolve(root, values.work);
// The TypeScript server's copies are bundled where they lie, resolving the checkout's
// node_modules: a --work outside the checkout fails minutes later, after the Python baseline.
const inside = relative(root, work);
if (inside.startsWith('..') || isAbsolute(inside)) {
  console.error(
    `--work ${values.work}: put it inside the checkout (${root}), e.g. .bench/gate-2: the TypeScript server's copies are bundled there and resolve its node_modules`,
  );
  process.exit(2);
}
const reruns = Number(values.reruns);
if (!Number.isInteger(reruns) || reruns < 0) {
  console.error(`--reruns ${values.reruns}: give a whole number of reruns (0 or more)`);
  process.exit(2);
}
const catalogue = loadCatalogue(root);
if (catalogue.errors.length > 0) {
  console.error(
    `the catalogue has ${catalogue.errors.length} problem(s):\n${catalogue.errors.join('\n')}`,
  );
  process.exit(2);
}
const only = (values.only ?? []).flatMap((o) => o.split(',')).filter(Boolean);
for (const o of only)
  if (
    o !== 'none' &&
    !PLANT_KINDS.includes(o as never) &&
    !catalogue.plants.some((p) => p.id === o)
  ) {
    console.error(
      `--only ${o}: neither a kind (${PLANT_KINDS.join(', ')}) nor a plant id of the catalogue (or "none")`,
    );
    process.exit(2);
  }
const selected =
  only.length === 0
    ? catalogue.plants
    : catalogue.plants.filter((p) => only.includes(p.kind) || only.includes(p.id));
/**
 * Round-robin over the kinds (each kind's plants alternating the servers), so that a run cut
 * short has measured every kind rather than the first few.
 */
function interleaved(list: readonly Plant[]): Plant[] {
  const queues = PLANT_KINDS.map((k, kind) => {
    const of = (s: PlantServer) => list.filter((p) => p.kind === k && p.server === s);
    // Odd kinds start with the TypeScript server: the first round covers both servers.
    const [a, b] =
      kind % 2 === 0 ? [of('python'), of('typescript')] : [of('typescript'), of('python')];
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
      .flat()
      .filter((p): p is Plant => p !== undefined);
  });
  const out: Plant[] = [];
  for (let round = 0; out.length < list.length; round += 1)
    for (const q of queues) if (q[round]) out.push(q[round] as Plant);
  return out;
}
const plants = interleaved(selected);
const SERVERS: PlantServer[] = ['python', 'typescript'];
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A server copy in the work dir (inside the package, so the TypeScript bundle resolves). */
async function copyOf(server: PlantServer, name: string, plant: Plant | null): Promise<string> {
  const dir = join(work, 'copies', name);
  await rm(dir, { recursive: true, force: true });
  return serverCopy(root, server, dir, plant?.patches ?? []);
}

/** When each run this measurement reads started (its report's generated_at) (docs/gate.md says when it ran). */
const startedAt: string[] = [];
const noted = (stored: StoredRun): StoredRun => {
  startedAt.push(stored.report.generated_at);
  return stored;
};

/** `label`'s baseline of `server` (plants and reruns each have theirs, made by the same code). */
async function baselineOf(dir: string, label: string, server: PlantServer): Promise<StoredRun> {
  const name = `baseline-${server}`;
  const stored = await loadRun(dir, name);
  if (stored) return noted(stored);
  if (values.regate)
    throw new Error(`${join(dir, name)}.report.json is missing: --regate needs the stored runs`);
  log(`baseline: ${server} reference server, unchanged`);
  const run = await prRun(root, await copyOf(server, `${label}-${name}`, null));
  // A baseline that did not run cannot measure anything: stop, naming why.
  const errored = run.report.overall.find((o) => o.errors > 0);
  const sweepFailure = run.report.servers.find((s) => s.sweep?.failure)?.sweep?.failure;
  if (errored || sweepFailure) {
    const first = run.report.scenarios
      .flatMap((s) => s.results.flatMap((r) => r.runs))
      .find((r) => r.error);
    throw new Error(
      `the ${server} baseline did not run cleanly: ${JSON.stringify(first?.error ?? sweepFailure).slice(0, 600)}`,
    );
  }
  await saveRun(dir, name, run);
  log(
    `baseline ${server}: ${secs(run.wallMs)}, load ${run.load.map((l) => l.toFixed(1)).join('–')}`,
  );
  return noted({ report: run.report, timing: run });
}

async function measurePlant(dir: string, plant: Plant, baseline: Report): Promise<PlantOutcome> {
  const name = `plant-${plant.id}`;
  let stored = await loadRun(dir, name);
  if (!stored && !values.regate) {
    try {
      const run = await prRun(root, await copyOf(plant.server, name, plant));
      await saveRun(dir, name, run);
      stored = { report: run.report, timing: run };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        ...plantOutcome(plant, baseline, compareWithBaseline(baseline, baseline), {
          wallMs: 0,
          load: [0, 0],
        }),
        error: message,
      };
    }
  }
  if (!stored) {
    const none = compareWithBaseline(baseline, baseline);
    return {
      ...plantOutcome(plant, baseline, none, { wallMs: 0, load: [0, 0] }),
      error: 'not measured (no stored run)',
    };
  }
  noted(stored);
  return plantOutcome(plant, baseline, compareWithBaseline(stored.report, baseline), stored.timing);
}

function rerunOutcome(
  n: number,
  server: PlantServer,
  stored: StoredRun,
  baseline: Report,
): RerunOutcome {
  const { verdict } = compareWithBaseline(stored.report, baseline);
  return {
    n,
    server: SERVER_NAME[server],
    concurrent: stored.timing.concurrent ?? false,
    status: verdict.status,
    falseAlarm: verdict.status !== 'pass',
    reasons: verdict.reasons.slice(0, 3),
    wallMs: stored.timing.wallMs,
    load: stored.timing.load,
  };
}

/** Reruns 1…n, alternating the servers; the second half two at a time. */
async function measureReruns(
  dir: string,
  count: number,
  baselines: Map<PlantServer, Report>,
): Promise<RerunOutcome[]> {
  const serverOf = (n: number): PlantServer => SERVERS[(n - 1) % 2] as PlantServer;
  const one = async (n: number, concurrent: boolean): Promise<RerunOutcome> => {
    const server = serverOf(n);
    const name = `rerun-${n}`;
    let stored = await loadRun(dir, name);
    if (!stored && !values.regate) {
      const copy = join(work, 'copies', `reruns-baseline-${server}`, 'hpe-mcp-bench.yml');
      const config = existsSync(copy)
        ? copy
        : await copyOf(server, `reruns-baseline-${server}`, null);
      const run = await prRun(root, config);
      await saveRun(dir, name, run, concurrent);
      stored = { report: run.report, timing: { ...run, concurrent } };
    }
    if (!stored) throw new Error(`${name} has no stored report in ${dir}`);
    noted(stored);
    const outcome = rerunOutcome(n, server, stored, baselines.get(server) as Report);
    log(
      `rerun ${n} (${server}${concurrent ? ', beside another' : ''}): ${outcome.status} in ${secs(outcome.wallMs)}${outcome.reasons[0] ? ` — ${outcome.reasons[0]}` : ''}`,
    );
    return outcome;
  };
  const out: RerunOutcome[] = [];
  const alone = Math.ceil(count / 2);
  for (let n = 1; n <= alone; n += 1) out.push(await one(n, false));
  for (let n = alone + 1; n <= count; n += 2) {
    const pair = n + 1 <= count ? [one(n, true), one(n + 1, true)] : [one(n, false)];
    out.push(...(await Promise.all(pair)));
  }
  return out;
}

const started = Date.now();
const plantDir = join(work, 'plants');
const rerunDir = join(work, 'reruns');
const outcomes: PlantOutcome[] = [];
const plantBaselines = new Map<PlantServer, Report>();
for (const server of SERVERS) {
  if (!plants.some((p) => p.server === server)) continue;
  plantBaselines.set(server, (await baselineOf(plantDir, 'plants', server)).report);
}
for (const plant of plants) {
  const outcome = await measurePlant(plantDir, plant, plantBaselines.get(plant.server) as Report);
  outcomes.push(outcome);
  const verdict = outcome.error
    ? `not run: ${outcome.error}`
    : outcome.caught
      ? `caught, named ${outcome.named.join(', ') || 'no tool'}`
      : 'MISSED';
  log(
    `${plant.id} (${plant.kind}, ${plant.tools.join(', ')}): ${verdict} [${secs(outcome.wallMs)}]`,
  );
}
const rerunBaselines = new Map<PlantServer, Report>();
let rerunCount = reruns;
if (values.regate) rerunCount = (await storedNames(rerunDir, 'rerun-')).length;
if (rerunCount > 0)
  for (const server of SERVERS)
    rerunBaselines.set(server, (await baselineOf(rerunDir, 'reruns', server)).report);
const rerunOutcomes =
  rerunCount > 0 ? await measureReruns(rerunDir, rerunCount, rerunBaselines) : [];

const figures = tally(outcomes, rerunOutcomes);
// The reruns may reuse the plants' baselines (the same run): count each baseline once.
const baselineReports = [
  ...new Map(
    [...plantBaselines.values(), ...rerunBaselines.values()].map((r) => [r.generated_at, r]),
  ).values(),
];
const effect =
  baselineReports.length > 0 ? detectableEffect(baselineReports, parseThresholds('')) : null;
console.log(`\n${summaryLines(figures).join('\n')}`);
log(`done in ${secs(Date.now() - started)}`);
const writeDocs = !values['no-docs'] && only.length === 0;
if (writeDocs) {
  const file = await writeGateDoc(root, {
    figures,
    plants: outcomes,
    reruns: rerunOutcomes,
    effect,
    baselines: { plants: plantBaselines, reruns: rerunBaselines },
    total: catalogue.plants.length,
    startedAt,
    regated: values.regate,
  });
  log(`wrote ${file}`);
}
