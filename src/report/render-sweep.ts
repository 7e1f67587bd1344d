import { codeSpan, escapeMarkdown as md } from './markdown-escape.js';
import { markdownTable } from './markdown-table.js';
import { SWEEP_OUTCOMES } from './sweep-types.js';
import type { ServerSweep, SweepOutcome, SweepToolResult } from './sweep-types.js';
import type { Report } from './types.js';

/** How the page spells a tool that was not called, by why (toolStatus). */
export const NOT_CALLED_STATUSES = [
  'not called (arguments)',
  'not called (may write)',
  'skipped (config)',
] as const;
type CalledOutcome = Exclude<SweepOutcome, 'ok' | 'not-called'>;
export type NotOkStatus = CalledOutcome | (typeof NOT_CALLED_STATUSES)[number];

/**
 * Every status a swept tool can have other than ok: the outcomes of a call but ok, then the
 * not-called spellings. Derived from SWEEP_OUTCOMES, so a new outcome is at once in the
 * vocabulary of the classification's `sweep:` rules (src/publish/sweep-rules.ts).
 */
export const NOT_OK_STATUSES: readonly NotOkStatus[] = [
  ...SWEEP_OUTCOMES.filter((o): o is CalledOutcome => o !== 'ok' && o !== 'not-called'),
  ...NOT_CALLED_STATUSES,
];

/** How a tool stands over its bundles: `ok` on any of them, else its first entry's outcome. */
export function toolStatus(entries: readonly SweepToolResult[]): 'ok' | NotOkStatus | 'not called' {
  const ok = entries.find((e) => e.outcome === 'ok');
  const first = ok ?? entries[0];
  if (!first) return 'not called';
  if (first.outcome !== 'not-called') return first.outcome;
  if (first.missing) return 'not called (arguments)';
  if (first.reason?.startsWith('skipped')) return 'skipped (config)';
  return 'not called (may write)';
}

/** Tool → its entries, in menu order. */
export function entriesByTool(sweep: ServerSweep): Map<string, SweepToolResult[]> {
  const byTool = new Map<string, SweepToolResult[]>();
  for (const entry of sweep.tools)
    byTool.set(entry.tool, [...(byTool.get(entry.tool) ?? []), entry]);
  return byTool;
}

/**
 * How many swept tools are ok, and the other statuses as `N status`, largest first (ties by
 * name): the one count the summary line and the results page both show.
 */
export function statusCounts(byTool: ReadonlyMap<string, readonly SweepToolResult[]>): {
  ok: number;
  others: string[];
} {
  const counts = new Map<string, number>();
  for (const entries of byTool.values()) {
    const status = toolStatus(entries);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const others = [...counts]
    .filter(([status]) => status !== 'ok')
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([status, n]) => `${n} ${status}`);
  return { ok: counts.get('ok') ?? 0, others };
}

/**
 * One line of a server's sweep: `sweep: 35/37 tools ok, 1 no-data, 1 not called (arguments)`,
 * the statuses other than ok by count (largest first), and a menu change or a start-up failure.
 */
export function sweepLine(sweep: ServerSweep): string {
  if (sweep.failure !== null && sweep.tools.length === 0)
    return `sweep: not run: the server did not start (${md(sweep.failure.split('\n')[0] ?? '')})`;
  const byTool = entriesByTool(sweep);
  const { ok, others } = statusCounts(byTool);
  const head = `sweep: ${ok}/${byTool.size} tools ok`;
  const swallowing = [...byTool.values()].filter((entries) =>
    entries.some((e) => e.probes?.some((p) => p.result === 'swallowed')),
  ).length;
  if (swallowing > 0) others.push(`${swallowing} swallow API errors`);
  const truncating = [...byTool.values()].filter((entries) =>
    entries.some((e) => e.pages?.result === 'truncated'),
  ).length;
  if (truncating > 0) others.push(`${truncating} truncated under short pages`);
  const changed = sweep.menu_changed
    ? `; the menu changed between two listings (${[
        ...sweep.menu_changed.added.map((t) => `+${t}`),
        ...sweep.menu_changed.removed.map((t) => `−${t}`),
      ].join(', ')})`
    : '';
  return md([head, ...others].join(', ') + changed);
}

const callsCell = (entry: SweepToolResult): string =>
  entry.calls
    .map(
      (c) =>
        `${c.method} ${c.path}${c.unrouted ? ' (no route)' : ''}${c.refused ? ` (refused: ${c.refused})` : ''}`,
    )
    .filter((c, i, all) => all.indexOf(c) === i)
    .join(', ');

/** What a write (`--sweep all`) changed in its fresh fake: the first two items, and how many more. */
const changedText = (changed: readonly string[]): string =>
  changed.length === 0
    ? 'changed nothing in the fake'
    : `changed ${changed.slice(0, 2).join('; ')}${changed.length > 2 ? ` (+${changed.length - 2})` : ''}`;

const detailCell = (entry: SweepToolResult): string =>
  entry.missing
    ? `no arguments for: ${entry.missing.join(', ')}`
    : (entry.reason ??
      entry.error ??
      (entry.changed !== undefined
        ? changedText(entry.changed)
        : entry.served > 0
          ? `${entry.shown.length}/${entry.served} values shown`
          : ''));

/** A server's per-tool table, collapsed: tool, bundle, outcome, the calls, the detail. */
export function sweepTable(server: string, sweep: ServerSweep): string {
  const rows = sweep.tools.map((e) => [
    codeSpan(e.tool),
    e.fixture,
    e.outcome,
    md(callsCell(e)),
    md(detailCell(e)),
  ]);
  return [
    `<details><summary>Tool sweep of ${codeSpan(server)}: ${sweep.tools.length} tool × bundle entries (servers[].sweep in report.json)</summary>`,
    '',
    markdownTable(
      ['tool', 'bundle', 'outcome', 'calls', 'detail'],
      ['left', 'left', 'left', 'left', 'left'],
      rows,
    ),
    '</details>',
    '',
  ].join('\n');
}

/** The sweep lines of every server that has a sweep: `` `reference` sweep: 35/37 tools ok… ``. */
export function sweepLines(report: Report): string[] {
  return report.servers.flatMap((s) =>
    s.sweep ? [`${codeSpan(s.name)} ${sweepLine(s.sweep)}`] : [],
  );
}
