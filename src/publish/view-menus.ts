import type { Align } from '../report/markdown-table.js';
import { resilienceTables } from '../report/render-metric-tables.js';
import type { Report } from '../report/types.js';
import { ABSENT, integer } from './format.js';
import { findability } from './optional-content.js';
import { code, type Cell, type Section, type Span } from './view-types.js';

const right = (n: number): Align[] => Array.from({ length: n }, (): Align => 'right');
const two = (n: number | null | undefined): string =>
  n === null || n === undefined ? ABSENT : n.toFixed(2);

/** Each server's tool menu and its discoverability (BM25 from the intents, no model). */
export function menuSection(report: Report): Section {
  const found = report.servers.some((s) => findability(s) !== null);
  const rows = report.servers.map((s): Cell[] => {
    const f = findability(s);
    const extra = found
      ? [two(f?.recall_at_1), two(s.discoverability?.recall_at_3), two(f?.recall_at_5), two(f?.mrr)]
      : [];
    if (!s.menu) return [s.name, ABSENT, ABSENT, ...extra, ABSENT];
    const heaviest: Span[] = s.menu.heaviest
      .slice(0, 3)
      .flatMap((h, i) => [
        ...(i > 0 ? [{ text: ', ' }] : []),
        code(h.name),
        { text: ` ${integer(h.tokens)}` },
      ]);
    return [
      s.name,
      integer(s.menu.tool_count),
      integer(s.menu.total),
      ...extra,
      heaviest.length > 0 ? heaviest : ABSENT,
    ];
  });
  return {
    id: 'tool-menus',
    level: 2,
    title: 'Tool menus',
    blocks: [
      {
        kind: 'p',
        text: [
          {
            text: 'What each server lists before any call: the context every turn pays for. Tokens are computed with ',
          },
          code(report.provenance.tokenizer),
          { text: ' over each tool’s definition JSON.' },
        ],
      },
      ...(found
        ? [
            {
              kind: 'p' as const,
              text: 'Discoverability (computed, no model, so the same under every policy): how often the expected tools rank first (recall@1), in the top 3 or top 5 when the menu is searched with the intent alone (BM25), and the mean reciprocal rank.',
            },
          ]
        : []),
      {
        kind: 'table',
        table: {
          head: [
            'server',
            'tools',
            'menu tokens',
            ...(found ? ['recall@1', 'recall@3', 'recall@5', 'MRR'] : []),
            'heaviest tools (tokens)',
          ],
          align: ['left', 'right', 'right', ...(found ? right(4) : []), 'left'],
          rows,
        },
      },
      { kind: 'chart', chart: 'menu' },
      ...(found ? [{ kind: 'chart' as const, chart: 'discoverability' as const }] : []),
    ],
  };
}

/** The resilience matrix (docs/resilience.md): scores per server, then the cells not resilient. */
export function resilienceSection(report: Report): Section | null {
  const tables = resilienceTables(report);
  if (!tables) return null;
  return {
    id: 'resilience',
    level: 2,
    title: 'Resilience',
    blocks: [
      {
        kind: 'p',
        text: 'The scenarios under each fault of the resilience matrix (429 with Retry-After, 5xx bursts, latency, token expiry, stuck or failed tasks, a non-retryable 400), counted by the fake.',
      },
      { kind: 'table', table: tables.scores },
      ...(tables.notResilient
        ? [
            { kind: 'p' as const, text: 'Not resilient:' },
            { kind: 'table' as const, table: tables.notResilient },
          ]
        : []),
    ],
  };
}
