/**
 * `npm run bench:slot` — where a scenario slot's time goes (a benchmark, not a test).
 *
 * Runs the built CLI (`dist/cli/index.js run`, the golden suite against the bundled reference
 * server unless other `run` arguments follow `--`) with `HPE_MCP_BENCH_TRACE` set
 * (src/common/trace.ts), then reads the timeline and prints, per phase of a slot (a worker of
 * the queue), its total over all slots, count and mean: the fake, the sandbox's set-up, bwrap,
 * the forwarder's and the server's Node start, the MCP handshake, the runs, the close, and the
 * gaps between them; with the harness's CPU time (its children included) and the load average.
 *
 *   npm run bench:slot -- [--trace FILE] [--cli FILE] [--keep DIR] [-- run arguments…]
 *
 * Default arguments: `run --sweep off`. `--trace` reads a timeline written before instead of
 * running; `--cli` runs another build (an A/B against a copy of the previous one); `--keep`
 * keeps the timeline and the reports there (`scripts/same-report.ts` compares two).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/common/package-root.js';

const { values, positionals } = parseArgs({
  options: { trace: { type: 'string' }, cli: { type: 'string' }, keep: { type: 'string' } },
  allowPositionals: true,
});
const root = packageRoot();
const scratch = values.keep ?? mkdtempSync(join(tmpdir(), 'bench-slot-'));
mkdirSync(scratch, { recursive: true });

interface Event {
  ms: number;
  event: string;
  slot?: number;
  [key: string]: unknown;
}

/** [from, to, label]: the time from each `from` to the next `to` in the same slot. */
const PHASES: readonly [string, string, string][] = [
  ['unit.start', 'unit.fake', "the worker's fake (started on first use)"],
  ['unit.fake', 'launch.start', 'bundle ids, fake reset'],
  ['launch.start', 'spawn.prepare', 'work dirs, port, environment'],
  ['spawn.prepare', 'spawn', 'launch checks, sandbox relay'],
  ['spawn', 'sandbox.ready', 'bwrap: namespaces made'],
  ['sandbox.ready', 'server.stderr', 'forwarder + server Node start (to its first stderr line)'],
  ['server.stderr', 'handshake.end', 'initialize + tools/list'],
  ['run.start', 'run.end', 'runs (the agent loop and scoring)'],
  ['run.end', 'run.start', 'between runs (fake reset)'],
  ['release.start', 'close.client', 'close: MCP client'],
  ['close.client', 'close.terminated', 'close: the server exits (stdin closed, grace)'],
  ['close.terminated', 'release.end', 'close: relay, work dir'],
  ['unit.end', 'unit.start', 'between units'],
];

/**
 * User + system CPU seconds of the children this process has waited for (Linux: /proc/self/stat
 * cutime and cstime, in clock ticks of 1/100 s): the CLI and every process it waited for in turn
 * (bwrap, the forwarders, the servers).
 */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function timeline(file: string): Event[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Event);
}

/**
 * A slot's own time, unit by unit, in three parts that never overlap: waiting for the unit's
 * server (its fake, its start — or what is left of a start begun ahead), its runs, its close.
 */
function criticalPath(bySlot: Map<number, Event[]>): void {
  const parts = { wait: 0, runs: 0, close: 0, between: 0 };
  for (const events of bySlot.values()) {
    let unitStart: number | undefined;
    let firstRun: number | undefined;
    let lastRun: number | undefined;
    let lastUnitEnd: number | undefined;
    for (const e of events) {
      if (e.event === 'unit.start') {
        if (lastUnitEnd !== undefined) parts.between += e.ms - lastUnitEnd;
        unitStart = e.ms;
        firstRun = undefined;
      } else if (e.event === 'run.start' && firstRun === undefined && unitStart !== undefined) {
        firstRun = e.ms;
        parts.wait += e.ms - unitStart;
      } else if (e.event === 'run.end') {
        lastRun = e.ms;
      } else if (e.event === 'unit.end' && firstRun !== undefined && lastRun !== undefined) {
        parts.runs += lastRun - firstRun;
        parts.close += e.ms - lastRun;
        lastUnitEnd = e.ms;
      }
    }
  }
  console.log('');
  console.log("| a slot's own time (all slots) | s |");
  console.log('| --- | ---: |');
  console.log(`| waiting for the unit's server | ${(parts.wait / 1000).toFixed(1)} |`);
  console.log(`| its runs | ${(parts.runs / 1000).toFixed(1)} |`);
  console.log(`| its close | ${(parts.close / 1000).toFixed(1)} |`);
  console.log(`| between units | ${(parts.between / 1000).toFixed(1)} |`);
}

function summarise(events: Event[]): void {
  const bySlot = new Map<number, Event[]>();
  for (const e of events) {
    if (e.slot === undefined) continue;
    bySlot.set(e.slot, [...(bySlot.get(e.slot) ?? []), e]);
  }
  const totals = new Map<string, { ms: number; n: number }>();
  for (const slotEvents of bySlot.values()) {
    const open = new Map<string, number>();
    for (const e of slotEvents) {
      for (const [from, to, label] of PHASES) {
        const since = open.get(from);
        if (e.event !== to || since === undefined) continue;
        const t = totals.get(label) ?? { ms: 0, n: 0 };
        totals.set(label, { ms: t.ms + e.ms - since, n: t.n + 1 });
        open.delete(from);
      }
      open.set(e.event, e.ms);
      // A unit's last run is followed by its close, not by another run.
      if (e.event === 'unit.end') open.delete('run.end');
    }
  }
  const first = Math.min(...events.map((e) => e.ms));
  const last = Math.max(...events.map((e) => e.ms));
  console.log(
    `${bySlot.size} slots; first unit starts ${(first / 1000).toFixed(1)} s after the harness; the last ends at ${(last / 1000).toFixed(1)} s`,
  );
  console.log('');
  console.log('| phase of a slot | total over slots, s | count | mean, ms |');
  console.log('| --- | ---: | ---: | ---: |');
  let sum = 0;
  for (const [, , label] of PHASES) {
    const t = totals.get(label);
    if (!t) continue;
    sum += t.ms;
    console.log(`| ${label} | ${(t.ms / 1000).toFixed(2)} | ${t.n} | ${(t.ms / t.n).toFixed(0)} |`);
  }
  console.log(
    `| (sum; slots × span ${(((last - first) * bySlot.size) / 1000).toFixed(1)} s) | ${(sum / 1000).toFixed(1)} | | |`,
  );
  criticalPath(bySlot);
}

try {
  let file = values.trace;
  if (file === undefined) {
    file = join(scratch, 'trace.jsonl');
    const args = positionals.length > 0 ? positionals : ['run', '--sweep', 'off'];
    const load = loadavg()[0]?.toFixed(2);
    const started = performance.now();
    const before = childrenCpu();
    const child = spawnSync(
      process.execPath,
      [
        values.cli ?? join(root, 'dist', 'cli', 'index.js'),
        ...args,
        '--out',
        join(scratch, 'reports'),
      ],
      {
        cwd: scratch,
        env: { ...process.env, CI: '1', HPE_MCP_BENCH_TRACE: file },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const wall = (performance.now() - started) / 1000;
    const cpu = childrenCpu() - before;
    const report = JSON.parse(readFileSync(join(scratch, 'reports', 'report.json'), 'utf8')) as {
      duration_ms: number;
    };
    console.log(
      `run ${args.join(' ')}: exit ${child.status}, wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s (${((cpu / wall) * 100).toFixed(0)} % of a core), report duration_ms ${report.duration_ms}; load average ${load} before, ${loadavg()[0]?.toFixed(2)} after`,
    );
  }
  summarise(timeline(file));
} finally {
  if (values.keep === undefined) rmSync(scratch, { recursive: true, force: true });
}
