import { codeSpan, escapeMarkdown as md } from '../report/markdown-escape.js';
import { markdownTable } from '../report/markdown-table.js';
import type { Report } from '../report/types.js';
import type { SweepComparison, SweepToolChange } from './compare-sweep.js';

/** Rows per list in the comment: a 736-tool menu must not push the rest past GitHub's limit. */
const MAX_ROWS = 40;

/** The first screen's line per server: `` `reference` sweep: 35/37 tools ok, 1 no-data ``. */
export function sweepFirstScreen(comparisons: readonly SweepComparison[]): string[] {
  return comparisons.map(
    (c) =>
      `- ${codeSpan(c.server)} ${c.line}${c.notCompared === null ? '' : ` — ${md(c.notCompared)}`}`,
  );
}

const changeRow = (c: SweepToolChange): string[] => [
  codeSpan(c.tool),
  md(c.fixture),
  `${c.baseline} → ${c.current}`,
  md(c.calls),
  md(
    c.lost
      ? `lost ${c.lost.count} value(s), e.g. ${c.lost.examples.map((v) => JSON.stringify(v)).join(', ')}`
      : (c.error ?? ''),
  ),
];

function table(rows: readonly SweepToolChange[]): string[] {
  const shown = rows.slice(0, MAX_ROWS).map(changeRow);
  return [
    markdownTable(
      ['tool', 'bundle', 'outcome', 'calls', 'detail'],
      ['left', 'left', 'left', 'left', 'left'],
      shown,
    ).trimEnd(),
    ...(rows.length > MAX_ROWS ? ['', `… and ${rows.length - MAX_ROWS} more (report.json)`] : []),
  ];
}

/**
 * The comment's tool-sweep section per server: what broke (tools whose `ok` turned into another
 * outcome, data lost), tools that left the menu, new ones, and, collapsed, what changed without
 * failing and the PR's non-ok tools. Empty when no server has a sweep.
 */
export function sweepSection(report: Report, comparisons: readonly SweepComparison[]): string[] {
  const out: string[] = [];
  for (const c of comparisons) {
    const failing = [...c.regressions, ...c.dataLost];
    const sweep = report.servers.find((s) => s.name === c.server)?.sweep;
    const notOk = (sweep?.tools ?? []).filter((t) => t.outcome !== 'ok');
    if (
      failing.length === 0 &&
      c.missing.length === 0 &&
      c.added.length === 0 &&
      c.changed.length === 0 &&
      c.retired.length === 0 &&
      c.writesFailingBefore.length === 0 &&
      notOk.length === 0
    )
      continue;
    out.push(`### Tool sweep: ${md(c.server)}`, '');
    if (failing.length > 0) out.push(...table(failing), '');
    if (c.missing.length > 0)
      out.push(`Missing from the menu: ${c.missing.map(codeSpan).join(', ')}`, '');
    if (c.retired.length > 0)
      out.push(`Retired on purpose (thresholds): ${c.retired.map(codeSpan).join(', ')}`, '');
    if (c.added.length > 0)
      out.push(
        `New tools: ${c.added.slice(0, MAX_ROWS).map(codeSpan).join(', ')}${c.added.length > MAX_ROWS ? `, … (${c.added.length})` : ''}`,
        '',
      );
    if (c.changed.length > 0)
      out.push(
        `<details><summary>${c.changed.length} changed without failing (calls or answer changed, nothing lost)</summary>`,
        '',
        ...table(c.changed),
        '',
        '</details>',
        '',
      );
    if (c.writesFailingBefore.length > 0)
      out.push(
        `<details><summary>${c.writesFailingBefore.length} write(s) not ok in the baseline either: not gated (no regression)</summary>`,
        '',
        ...table(c.writesFailingBefore),
        '',
        '</details>',
        '',
      );
    if (notOk.length > 0)
      out.push(
        `<details><summary>${notOk.length} tool × bundle entries not ok in this run</summary>`,
        '',
        markdownTable(
          ['tool', 'bundle', 'outcome', 'detail'],
          ['left', 'left', 'left', 'left'],
          notOk
            .slice(0, MAX_ROWS)
            .map((t) => [
              codeSpan(t.tool),
              md(t.fixture),
              t.outcome,
              md(
                t.missing
                  ? `no arguments for: ${t.missing.join(', ')}`
                  : (t.reason ?? t.error ?? ''),
              ),
            ]),
        ).trimEnd(),
        ...(notOk.length > MAX_ROWS
          ? ['', `… and ${notOk.length - MAX_ROWS} more (report.json)`]
          : []),
        '',
        '</details>',
        '',
      );
  }
  return out;
}
