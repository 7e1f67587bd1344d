import { escapeMarkdown as md } from '../report/markdown-escape.js';
import { markdownTable } from '../report/markdown-table.js';
import type { ResilienceComparison } from './types.js';

const score = (n: number | null): string => (n === null ? '—' : n.toFixed(2));
const MAX_LOST = 5;

function lostCell(r: ResilienceComparison): string {
  if (r.matrixChanged) return 'other matrix in the baseline';
  if (r.lost.length === 0) return '—';
  const shown = r.lost.slice(0, MAX_LOST).map(md).join(', ');
  return r.lost.length > MAX_LOST ? `${shown}, … (${r.lost.length})` : shown;
}

/**
 * The PR comment's resilience section (docs/resilience.md): one row per server with its score,
 * the cells it was scored on and the baseline's score; cells that stopped being resilient are
 * listed. Informational: the gate does not fail on it. Empty when the report has no matrix.
 */
export function resilienceSection(rows: readonly ResilienceComparison[]): string[] {
  if (rows.length === 0) return [];
  return [
    '### Resilience',
    '',
    markdownTable(
      ['server', 'score', 'cells (resilient / exercised)', 'baseline score', 'no longer resilient'],
      ['left', 'right', 'right', 'right', 'left'],
      rows.map((r) => [
        md(r.server),
        score(r.score.current),
        `${r.resilient}/${r.exercised}`,
        score(r.score.baseline),
        lostCell(r),
      ]),
    ),
  ];
}
