/**
 * The sandbox's promise to a server, checked on the head-to-head: the same results sandboxed and
 * unsandboxed, at most 1.2× the time. Reads two report.json files of the same
 * servers and scenarios, one made with `--sandbox on` and one with `--sandbox off`, and prints a
 * markdown table per server: task success, safety failures, errored runs, planned-call outcomes,
 * median start-up, and the wall-clock ratio. Run both at the same time so both see the same load:
 *
 *   bash scripts/h2h/run.sh --sandbox on --out reports/h2h-on &
 *   bash scripts/h2h/run.sh --sandbox off --out reports/h2h-off & wait
 *   npx tsx scripts/h2h/sandbox-table.ts reports/h2h-on/report.json reports/h2h-off/report.json
 *
 * Exit 1 when a figure other than time differs, or the ratio is above 1.2; 2 on bad input.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Report } from '../../src/report/types.js';
import { plannedCallCounts } from './planned-call-rate.js';

/** What must not change between the two modes, per server. */
export interface ServerFigures {
  server: string;
  taskSuccess: string;
  safetyFailures: number;
  erroredRuns: number;
  plannedCalls: string;
  /** Median start-up of the runs that started a process, ms (timing: may differ). */
  startupMedianMs: number | null;
}

const median = (values: number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
};

/** The figures of each server of a report, in report order. */
export function serverFigures(report: Report): ServerFigures[] {
  const calls = plannedCallCounts([report]);
  return report.overall.map((o) => {
    const c = calls.get(o.server) ?? { ok: 0, error: 0, protocol_error: 0, not_executed: 0 };
    const startups = report.scenarios.flatMap((s) =>
      s.results
        .filter((r) => r.server === o.server && !r.absent)
        .flatMap((r) => r.runs.map((run) => run.startup_ms ?? 0).filter((ms) => ms > 0)),
    );
    return {
      server: o.server,
      taskSuccess: `${o.task_success.passed}/${o.task_success.of}`,
      safetyFailures: o.safety_failures,
      erroredRuns: o.errors,
      plannedCalls: `ok ${c.ok} · error ${c.error} · protocol ${c.protocol_error} · not run ${c.not_executed}`,
      startupMedianMs: median(startups),
    };
  });
}

/** The comparison: a table and the differences that break the promise. */
export function compareSandbox(
  sandboxed: Report,
  unsandboxed: Report,
  maxRatio = 1.2,
): { table: string; problems: string[] } {
  const problems: string[] = [];
  if (sandboxed.settings.sandbox?.applied !== true)
    problems.push('the first report did not run sandboxed (settings.sandbox.applied is not true)');
  if (unsandboxed.settings.sandbox?.applied !== false)
    problems.push('the second report ran sandboxed (settings.sandbox.applied is not false)');
  const off = new Map(serverFigures(unsandboxed).map((f) => [f.server, f]));
  const ms = (v: number | null): string => (v === null ? '—' : `${(v / 1000).toFixed(1)} s`);
  const lines = [
    '| server | mode | task success | safety failures | errored runs | planned calls | median start-up |',
    '| --- | --- | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const on of serverFigures(sandboxed)) {
    const other = off.get(on.server);
    lines.push(
      `| ${on.server} | sandboxed | ${on.taskSuccess} | ${on.safetyFailures} | ${on.erroredRuns} | ${on.plannedCalls} | ${ms(on.startupMedianMs)} |`,
    );
    if (!other) {
      problems.push(`${on.server} is not in the unsandboxed report`);
      continue;
    }
    lines.push(
      `| ${on.server} | unsandboxed | ${other.taskSuccess} | ${other.safetyFailures} | ${other.erroredRuns} | ${other.plannedCalls} | ${ms(other.startupMedianMs)} |`,
    );
    for (const key of ['taskSuccess', 'safetyFailures', 'erroredRuns', 'plannedCalls'] as const) {
      if (on[key] !== other[key])
        problems.push(`${on.server}: ${key} ${on[key]} sandboxed, ${other[key]} unsandboxed`);
    }
  }
  const ratio = sandboxed.duration_ms / Math.max(1, unsandboxed.duration_ms);
  lines.push(
    '',
    `Wall clock: ${ms(sandboxed.duration_ms)} sandboxed, ${ms(unsandboxed.duration_ms)} unsandboxed: ${ratio.toFixed(2)}× (at most ${maxRatio}×).`,
  );
  if (ratio > maxRatio)
    problems.push(`the sandboxed run took ${ratio.toFixed(2)}× the unsandboxed one`);
  return { table: lines.join('\n'), problems };
}

async function main(args: string[]): Promise<number> {
  if (args.length !== 2) {
    process.stderr.write('usage: sandbox-table.ts SANDBOXED/report.json UNSANDBOXED/report.json\n');
    return 2;
  }
  const [on, off] = await Promise.all(
    args.map(async (p) => JSON.parse(await readFile(p, 'utf8')) as Report),
  );
  const { table, problems } = compareSandbox(on as Report, off as Report);
  process.stdout.write(table + '\n');
  for (const p of problems) process.stderr.write(`differs: ${p}\n`);
  return problems.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
