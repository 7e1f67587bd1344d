import { markdownTable } from '../report/markdown-table.js';
import { escapeMarkdown } from '../report/markdown-escape.js';
import type { Report } from '../report/types.js';
import { eraPlan, revisionOf } from './eras.js';
import { headline, standings } from './standings.js';

/**
 * The index of every published results page (docs/benchmark-results.md): one row per page,
 * newest first, with its headline per server. `publish --index FILE` adds or replaces the row of
 * the page it writes and marks it latest; the rows of other pages are kept as they are (the
 * pages written before the index existed were entered by hand from their own scoreboards).
 */

const HEAD = ['page', 'harness', 'run date', 'status', 'headline per server'] as const;

const PREAMBLE = [
  '# hpe-mcp-bench head-to-head results: every published page',
  '',
  'One row per results page, newest first; each page is named by the harness version and the date of its run and is never overwritten with other figures ([head-to-head.md](head-to-head.md#one-page-per-result)). The headline per server is the scenarios passed by majority of runs with no unsafe run, of the scenarios the server covers, and its coverage of the suite. Pages before 0.4.0 counted a passed-but-unsafe scenario as a success: their headline says what they counted.',
  '',
  'The rows are kept by `hpe-mcp-bench publish --index`; the latest page is the first row.',
  '',
];

/** A row of the index: cells as markdown. */
export type IndexRow = readonly string[];

/** The row of a page written now: its links, the harness, the run date and the headline. */
export function indexRow(
  report: Report,
  version: string,
  page: string,
  dashboard: string,
): IndexRow {
  const date = report.generated_at.slice(0, 10);
  // The ranked entries (one per server, the common era: eras.ts), each other era in brackets.
  const plan = eraPlan(report);
  const all = new Map(standings(report).map((s) => [s.server, s] as const));
  const headlines = plan.ranked.flatMap((name) => {
    const s = all.get(name);
    if (!s) return [];
    const others = (plan.beside.get(name) ?? []).flatMap((other) => {
      const o = all.get(other);
      return o ? [`${other} on ${revisionOf(report, other)}: ${o.safe_passes}/${o.covered}`] : [];
    });
    return [`${s.server} ${headline(s)}${others.length > 0 ? ` (${others.join('; ')})` : ''}`];
  });
  return [
    `[${escapeMarkdown(`${version}, ${date}`)}](${page}) ([dashboard](${dashboard}))`,
    escapeMarkdown(report.harness.version),
    date,
    'latest',
    escapeMarkdown(headlines.join('; ')),
  ];
}

/** The cells of a markdown table row, `\|` read back as `|` (markdownTable escapes it again). */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** The page a row links to first (its identity in the index). */
const target = (row: IndexRow): string | null => /\]\(([^)]+)\)/.exec(row[0] ?? '')?.[1] ?? null;

/** The rows of an index file (none when there is no file yet). */
export function parseIndex(text: string | null): IndexRow[] {
  if (text === null) return [];
  return text
    .split('\n')
    .filter((l) => /^\|\s*\[/.test(l))
    .map(cells)
    .filter((r) => r.length === HEAD.length);
}

/**
 * The index with `row` in it: replacing the row of the same page, else first; every other row
 * marked latest becomes older.
 */
export function updateIndex(text: string | null, row: IndexRow): string {
  const others = parseIndex(text)
    .filter((r) => target(r) !== target(row))
    .map((r) => (r[3] === 'latest' ? [...r.slice(0, 3), 'older', ...r.slice(4)] : r));
  const rows = [row, ...others];
  return [
    ...PREAMBLE,
    markdownTable(
      [...HEAD],
      HEAD.map(() => 'left'),
      rows.map((r) => [...r]),
    ),
  ]
    .join('\n')
    .replace(/\n*$/, '\n');
}
