/**
 * Planned-call success per server from report.json files of scripted runs: how many of the tool
 * calls the plans made returned a result (`ok`), an error (`error`: the tool or its router said
 * so), no result (`protocol_error`) or never ran (`not_executed`), counted over every run.
 *
 *   npx tsx scripts/h2h/planned-call-rate.ts reports/h2h/report.json [more.json…]
 *
 * Needs `runs[].calls` (reports from 0.2.0 on). Prints a markdown table.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { Report, RunCall } from '../../src/report/types.js';

type Counts = Record<RunCall['outcome'], number>;
const empty = (): Counts => ({ ok: 0, error: 0, protocol_error: 0, not_executed: 0 });

/** Outcome counts of every recorded tool call, per server. */
export function plannedCallCounts(reports: readonly Report[]): Map<string, Counts> {
  const counts = new Map<string, Counts>();
  for (const report of reports) {
    for (const scenario of report.scenarios) {
      for (const result of scenario.results) {
        if (result.absent) continue;
        const c = counts.get(result.server) ?? empty();
        for (const run of result.runs) for (const call of run.calls ?? []) c[call.outcome] += 1;
        counts.set(result.server, c);
      }
    }
  }
  return counts;
}

const pct = (n: number, of: number): string =>
  of === 0 ? '—' : `${((100 * n) / of).toFixed(1)} %`;

async function main(paths: string[]): Promise<void> {
  if (paths.length === 0) throw new Error('usage: planned-call-rate.ts REPORT.json…');
  const reports = await Promise.all(
    paths.map(async (p) => JSON.parse(await readFile(p, 'utf8')) as Report),
  );
  const lines = [
    '| server | planned calls | ok | error | protocol error | not executed | ok of all | ok of executed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const [server, c] of plannedCallCounts(reports)) {
    const all = c.ok + c.error + c.protocol_error + c.not_executed;
    const executed = all - c.not_executed;
    lines.push(
      `| ${server} | ${all} | ${c.ok} | ${c.error} | ${c.protocol_error} | ${c.not_executed} | ${pct(c.ok, all)} | ${pct(c.ok, executed)} |`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
