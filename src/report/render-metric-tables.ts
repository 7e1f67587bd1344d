import { escapeMarkdown as md } from './markdown-escape.js';
import { markdownTable } from './markdown-table.js';
import type { Report } from './types.js';

const dash = '—';
const num = (n: number | null | undefined, digits = 2): string =>
  n === null || n === undefined ? dash : n.toFixed(digits);

/**
 * Discoverability per server (docs/discoverability.md): mean BM25 recall@1/3/5 and MRR of the
 * expected tools against the intents, beside the menu's token cost. Empty when no server has it.
 */
export function renderDiscoverabilityTable(report: Report): string {
  const rows = report.servers.flatMap((s) =>
    s.discoverability
      ? [
          [
            md(s.name),
            String(s.discoverability.scenarios),
            num(s.discoverability.recall_at_1),
            num(s.discoverability.recall_at_3),
            num(s.discoverability.recall_at_5),
            num(s.discoverability.mrr),
            String(s.discoverability.menu_tokens),
          ],
        ]
      : [],
  );
  if (rows.length === 0) return '';
  return markdownTable(
    ['server', 'scenarios', 'recall@1', 'recall@3', 'recall@5', 'MRR', 'menu tokens'],
    ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    rows,
  );
}

/** A table as plain text (unescaped): its header, column alignment and rows. */
export interface PlainTable {
  head: string[];
  align: ('left' | 'right')[];
  rows: string[][];
}

/**
 * The resilience tables (docs/resilience.md) as plain text: the score per server, then the
 * cells that were not resilient (null when every cell was). Null without a matrix. summary.md
 * and the results page both render these.
 */
export function resilienceTables(
  report: Report,
): { scores: PlainTable; notResilient: PlainTable | null } | null {
  const section = report.resilience;
  if (!section) return null;
  const scores: PlainTable = {
    head: [
      'server',
      'resilience',
      'cells',
      'extra calls (mean)',
      'Retry-After ignored',
      '4xx retried',
      'short pages trusted',
    ],
    align: ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    rows: section.scores.map((s) => [
      s.server,
      num(s.score),
      `${s.resilient}/${s.exercised}`,
      num(s.extra_calls_mean, 1),
      String(s.retry_after_early),
      String(s.retries_after_client_error),
      String(s.short_page_misses),
    ]),
  };
  const bad = section.cells.filter((c) => c.resilient === false);
  if (bad.length === 0) return { scores, notResilient: null };
  return {
    scores,
    notResilient: {
      head: [
        'scenario',
        'server',
        'fault',
        'task',
        'extra calls',
        'Retry-After ignored',
        '4xx retried',
        'short pages trusted',
      ],
      align: ['left', 'left', 'left', 'left', 'right', 'right', 'right', 'right'],
      rows: bad.map((c) => [
        c.scenario,
        c.server,
        c.fault,
        c.task_success?.majority ? 'pass' : 'fail',
        num(c.extra_calls, 1),
        String(c.retry_after_early),
        String(c.retries_after_client_error),
        String(c.short_page_misses),
      ]),
    },
  };
}

const markdownOf = (t: PlainTable): string =>
  markdownTable(
    t.head,
    t.align,
    t.rows.map((r) => r.map(md)),
  );

/**
 * The resilience score per server (docs/resilience.md), then the cells that were not
 * resilient. Empty when the report has no resilience section.
 */
export function renderResilienceTables(report: Report): string {
  const tables = resilienceTables(report);
  if (!tables) return '';
  const scores = markdownOf(tables.scores);
  return tables.notResilient
    ? `${scores}\nNot resilient:\n\n${markdownOf(tables.notResilient)}`
    : scores;
}
