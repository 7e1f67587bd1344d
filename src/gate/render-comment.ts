import { MAX_COMMENT_CHARS } from '../github/comment-marker.js';
import { describeEscapes } from '../report/escapes.js';
import { fakeFindingLines } from '../report/fake-findings.js';
import { protocolEraLine, protocolViolationLines } from '../report/protocol-violations.js';
import { escapeMarkdown as md } from '../report/markdown-escape.js';
import { markdownTable } from '../report/markdown-table.js';
import type { Report } from '../report/types.js';
import { columnId, FIGURE_COLUMNS, formatOf, type FigureColumn } from '../report/figures.js';
import { integer as int } from '../report/format-number.js';
import type { Delta, ScenarioChange, Verdict } from './types.js';
import { resilienceSection } from './render-resilience.js';
import { sweepFirstScreen, sweepSection } from './render-sweep.js';
import { describeEndpointDiff } from './call-diff.js';
import { NOT_COMPARABLE_REASON, refusedBaseline } from './comparability.js';
import { notComparableSection } from './render-comparability.js';
import { toolRegressionSection } from './render-tool-regressions.js';
import { anyBand, delta, headlineLines, NOISE_FOOTNOTE } from './render-delta.js';
import { environmentLine } from './environment-diff.js';
import { crossRunSection, discoverabilitySection } from './render-context-sections.js';

const HEADLINE: Record<Verdict['status'], string> = {
  pass: '✅ pass',
  fail: '❌ fail',
  'cold-start': '🆕 cold start (no baseline yet)',
};

const frac = (n: number): string => n.toFixed(2);

function yesNo(n: number | null): string {
  return n === null ? '—' : n === 1 ? 'yes' : 'no';
}

/** The figure columns of a comparison row, baseline → current. */
const figureCells = (columns: readonly FigureColumn[], deltas: Record<string, Delta>): string[] =>
  columns.map((c) => delta(deltas[columnId(c)] ?? { baseline: null, current: null }, formatOf(c)));

/** A changed scenario's row, and whether it may be folded (moved within the thresholds, same verdicts). */
function scenarioRow(c: ScenarioChange): { cells: string[]; quiet: boolean } {
  const task =
    c.taskSuccess.baseline === c.taskSuccess.current
      ? yesNo(c.taskSuccess.current)
      : `${yesNo(c.taskSuccess.baseline)} → ${yesNo(c.taskSuccess.current)}`;
  const safety =
    c.safety.baseline === c.safety.current
      ? c.safety.current === 1
        ? '⚠️ fail'
        : 'ok'
      : `${c.safety.baseline === 1 ? 'fail' : 'ok'} → ${c.safety.current === 1 ? '⚠️ fail' : 'ok'}`;
  return {
    cells: [
      md(c.id),
      md(c.server),
      task,
      ...figureCells(FIGURE_COLUMNS.commentScenarios, c.figures),
      safety,
      md(c.note),
    ],
    quiet:
      c.note === 'changed' &&
      c.taskSuccess.baseline === c.taskSuccess.current &&
      c.safety.baseline === c.safety.current,
  };
}

function stamp(report: Report, verdict: Verdict): string {
  const fixtures = report.fixtures
    .map((f) => `${md(f.id)}@${md(f.content_hash.slice(0, 12))}`)
    .join(', ');
  const shas = verdict.provenance
    ? verdict.provenance
        .map(
          (p) =>
            `${md(p.server)} ran ${md(p.ran)}${p.baseline === null ? '' : ` (baseline ${md(p.baseline)})`}`,
        )
        .join(', ')
    : report.servers
        .map((s) => `${md(s.name)}${s.git ? `@${md(s.git.sha.slice(0, 12))}` : ''}`)
        .join(', ');
  const policy = [report.settings.policy.name, report.settings.policy.model]
    .filter(Boolean)
    .join(' ');
  return [
    `fixtures ${fixtures}`,
    `manifest ${report.manifest.hash.slice(0, 12)}`,
    `tokenizer ${report.settings.tokenizer}`,
    `policy ${md(policy)}`,
    `runs ${report.settings.runs} (${report.settings.isolation} isolation)`,
    `servers ${shas}`,
    `baseline ${verdict.baseline ? `${md(verdict.baseline.sha.slice(0, 12))} (saved ${md(verdict.baseline.savedAt)}${verdict.baseline.ageDays === null ? '' : `, ${verdict.baseline.ageDays} days ago`})` : 'none'}`,
  ].join(' · ');
}

/** Sections of the comment; the scenario rows go last so truncation can drop them first. */
function sections(
  report: Report,
  verdict: Verdict,
  scenarioRows: { cells: string[]; quiet: boolean }[],
  truncated: number,
  maxReasons = Infinity,
): string[] {
  const refused = refusedBaseline(verdict);
  // The not-comparable rule's reasons are the section's rows: listed once, there.
  const failing = verdict.reasons.filter((r) => !r.startsWith(NOT_COMPARABLE_REASON));
  const headline = !refused
    ? HEADLINE[verdict.status]
    : failing.length === 0
      ? '⛔ not comparable with the baseline'
      : '❌ fail (and not comparable with the baseline)';
  const out: string[] = [`## hpe-mcp-bench: ${headline}`, ''];
  const sandbox = report.settings.sandbox;
  if (sandbox && !sandbox.applied && sandbox.requested === 'auto') {
    out.push(
      `> **No sandbox:** the servers ran without it (${md(sandbox.reason ?? 'not applied')}): they could read the job's files and reach the network (docs/security.md).`,
      '',
    );
  }
  out.push(...notComparableSection(verdict));
  out.push(...toolRegressionSection(verdict.toolRegressions ?? []));
  if (failing.length > 0) {
    const shown = failing.slice(0, maxReasons);
    out.push('**Why it fails**', '', ...shown.map((r) => `- ${md(r)}`));
    if (shown.length < failing.length) {
      out.push(`- … and ${failing.length - shown.length} more (see the job summary)`);
    }
    out.push('');
  }
  const diffs = verdict.callDiffs ?? [];
  if (diffs.length > 0) {
    out.push('**What the regressed scenarios called** (first run, against the baseline’s)', '');
    for (const d of diffs.slice(0, maxReasons))
      out.push(
        `- ${md(d.scenario)} (${md(d.server)}): ${d.endpoints
          .slice(0, 5)
          .map((e) => md(describeEndpointDiff(e)))
          .join(
            '; ',
          )}${d.endpoints.length > 5 ? ` … and ${d.endpoints.length - 5} more endpoints` : ''}`,
      );
    out.push('');
  }
  for (const note of verdict.notes) out.push(`> ${md(note)}`, '');
  const environment = environmentLine(
    (verdict.environment ?? []).map((c) => ({
      what: c.what,
      baseline: md(c.baseline),
      current: md(c.current),
    })),
  );
  if (environment !== null) out.push(`> ${environment}`, '');
  if (verdict.servers) out.push(...headlineLines(verdict.servers).flatMap((l) => [l, '']));
  else {
    // A verdict from before per-server headlines: its pooled figure, as it was shown.
    const ts = verdict.taskSuccess === null ? '—' : frac(verdict.taskSuccess);
    out.push(
      `Task success ${ts} · safety failures ${verdict.safetyFailures} · ${verdict.regressions.length} regression(s)`,
      '',
    );
  }
  const sweepLines = sweepFirstScreen(verdict.sweep ?? []);
  if (sweepLines.length > 0) out.push(...sweepLines, '');
  const escapes = describeEscapes(report);
  if (escapes.length > 0) out.push('**Escapes**', '', ...escapes.map((e) => `- ${e}`), '');
  const findings = fakeFindingLines(report);
  if (findings.length > 0) {
    out.push('**Findings from the fake**', '', ...findings.map((f) => `- ${f}`), '');
  }
  const eras = protocolEraLine(report);
  if (eras !== null) out.push(eras, '');
  const violations = protocolViolationLines(report);
  if (violations.length > 0) {
    out.push(
      '**Protocol violations** (informational)',
      '',
      ...violations.map((v) => (v.startsWith('  ') ? v : `- ${v}`)),
      '',
    );
  }
  out.push(...crossRunSection(report));
  out.push(
    '### Suites',
    '',
    markdownTable(
      [
        'suite',
        'server',
        'task success',
        'tool selection',
        ...FIGURE_COLUMNS.commentSuites.map((c) => c.head),
        'safety failures',
      ],
      [
        'left',
        'left',
        'right',
        'right',
        ...FIGURE_COLUMNS.commentSuites.map((): 'right' => 'right'),
        'right',
      ],
      verdict.suites.map((s) => [
        md(s.suite),
        md(s.server),
        delta(s.taskSuccess, frac, false),
        delta(s.toolSelection, frac, false),
        ...figureCells(FIGURE_COLUMNS.commentSuites, s.figures),
        delta(s.safetyFailures, int, false),
      ]),
    ),
  );
  if (anyBand(verdict.suites.flatMap((s) => Object.values(s.figures))))
    out.push(NOISE_FOOTNOTE, '');
  const surface = verdict.toolSurface.filter(
    (t) =>
      t.added.length > 0 ||
      t.removed.length > 0 ||
      (t.menuTokens.baseline !== null && t.menuTokens.baseline !== t.menuTokens.current),
  );
  if (surface.length > 0) {
    out.push(
      '### Tool surface',
      '',
      markdownTable(
        ['server', 'added', 'removed', 'menu tokens'],
        ['left', 'left', 'left', 'right'],
        surface.map((t) => [
          md(t.server),
          t.added.map(md).join(', ') || '—',
          t.removed.map(md).join(', ') || '—',
          delta(t.menuTokens, int),
        ]),
      ),
    );
  }
  out.push(...discoverabilitySection(verdict));
  out.push(...resilienceSection(verdict.resilience ?? []));
  out.push(...sweepSection(report, verdict.sweep ?? []));
  if (verdict.changedScenarios.length > 0) {
    // Medians that moved within the thresholds (same verdicts) are folded: the rows a reader
    // must act on stay in view.
    const figureHeads = FIGURE_COLUMNS.commentScenarios.map((c) => c.head);
    const header = ['scenario', 'server', 'task success', ...figureHeads, 'safety', ''];
    const align: ('left' | 'right')[] = [
      'left',
      'left',
      'left',
      ...figureHeads.map((): 'right' => 'right'),
      'left',
      'left',
    ];
    const loud = scenarioRows.filter((row) => !row.quiet).map((row) => row.cells);
    const folded = scenarioRows.filter((row) => row.quiet).map((row) => row.cells);
    out.push(`### Changed scenarios (${verdict.changedScenarios.length})`, '');
    if (loud.length > 0) out.push(markdownTable(header, align, loud).trimEnd());
    if (folded.length > 0)
      out.push(
        ...(loud.length > 0 ? [''] : []),
        refusedBaseline(verdict)
          ? `<details><summary>${folded.length} moved (same verdicts; not judged: the baseline is not comparable)</summary>`
          : `<details><summary>${folded.length} moved within the thresholds (same verdicts)</summary>`,
        '',
        markdownTable(header, align, folded).trimEnd(),
        '',
        '</details>',
      );
    if (truncated > 0)
      out.push(
        '',
        `… ${truncated} more row(s) cut to fit GitHub's comment limit: the full table is in the job summary and report.json.`,
      );
    if (anyBand(verdict.changedScenarios.flatMap((c) => Object.values(c.figures))))
      out.push('', NOISE_FOOTNOTE);
    out.push('');
  }
  if (verdict.unchangedScenarios > 0) {
    out.push(
      '<details><summary>' +
        `${verdict.unchangedScenarios} scenario run(s) unchanged` +
        '</summary>',
      '',
      'Same verdicts and medians as the baseline (or no baseline to compare with).',
      '',
      '</details>',
      '',
    );
  }
  out.push(`<sub>${stamp(report, verdict)}</sub>`);
  return out;
}

/** The full markdown (job summary: no size limit worth worrying about below 1 MiB). */
export function renderFullComparison(report: Report, verdict: Verdict): string {
  return sections(report, verdict, verdict.changedScenarios.map(scenarioRow), 0).join('\n') + '\n';
}

/**
 * The PR comment: the same content, cut to GitHub's 65,536-character limit (leaving room for the
 * hidden marker) by dropping scenario rows from the end with a note pointing to the job summary.
 */
export function renderComment(
  report: Report,
  verdict: Verdict,
  limit = MAX_COMMENT_CHARS - 200,
): string {
  const rows = verdict.changedScenarios.map(scenarioRow);
  let keep = rows.length;
  const reasons = 25;
  let body = sections(report, verdict, rows, 0, reasons).join('\n') + '\n';
  while (body.length > limit && keep > 0) {
    keep = Math.max(0, keep - Math.max(1, Math.ceil((body.length - limit) / 80)));
    body =
      sections(report, verdict, rows.slice(0, keep), rows.length - keep, reasons).join('\n') + '\n';
  }
  return body.length > limit
    ? body.slice(0, limit - 60) + '\n\n… cut to fit; see the job summary.\n'
    : body;
}
