/** Two sections of the PR comment beside its tables: discoverability (menu text changed) and state kept across runs. */
import { describeCrossRunState, splitCrossRun } from '../report/cross-run-state.js';
import { escapeMarkdown as md } from '../report/markdown-escape.js';
import { markdownTable } from '../report/markdown-table.js';
import type { Report } from '../report/types.js';
import { delta } from './render-delta.js';
import type { Verdict } from './types.js';

const LISTED = 5;
const listIds = (ids: readonly string[]): string =>
  ids.length === 0
    ? '—'
    : ids.slice(0, LISTED).map(md).join(', ') +
      (ids.length > LISTED ? ` +${ids.length - LISTED}` : '');

/** The discoverability delta, shown only when a server's menu text changed. */
export function discoverabilitySection(verdict: Verdict): string[] {
  if (verdict.discoverability.length === 0) return [];
  const f = (n: number): string => n.toFixed(3);
  return [
    '### Discoverability (menu text changed)',
    '',
    "BM25 rank of the expected tools for each scenario's intent, before any model (docs/discoverability.md). Informational, not gated.",
    '',
    markdownTable(
      [
        'server',
        'scenarios',
        'recall@1',
        'recall@3',
        'recall@5',
        'MRR',
        'ranked lower',
        'ranked higher',
      ],
      ['left', 'right', 'right', 'right', 'right', 'right', 'left', 'left'],
      verdict.discoverability.map((d) => [
        md(d.server),
        String(d.scenarios),
        delta(d.recallAt1, f, false),
        delta(d.recallAt3, f, false),
        delta(d.recallAt5, f, false),
        delta(d.mrr, f, false),
        listIds(d.rankedLower),
        listIds(d.rankedHigher),
      ]),
    ),
  ];
}

/**
 * State a reused server process kept beyond its token (warned, per server), and the runs that
 * differ in the reused token alone (a count: expected of an OAuth client, not a finding).
 */
export function crossRunSection(report: Report): string[] {
  const kept: string[] = [];
  const reuse: string[] = [];
  for (const server of report.servers) {
    const state = server.cross_run_state;
    if (!state) continue;
    const line = describeCrossRunState(server.name, state);
    if (line !== null) kept.push(`- ${md(line)}`);
    const { authOnly } = splitCrossRun(state);
    if (authOnly > 0) reuse.push(`${md(server.name)} ${authOnly}/${state.compared_runs}`);
  }
  const out = kept.length > 0 ? ['**State kept across runs**', '', ...kept, ''] : [];
  if (reuse.length > 0) {
    out.push(
      `<sub>Runs on a reused process that only skipped the token request (expected): ${reuse.join(', ')}</sub>`,
      '',
    );
  }
  return out;
}
