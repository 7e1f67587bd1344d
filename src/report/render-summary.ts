import { fakeFindingLines } from './fake-findings.js';
import { sweepLines, sweepTable } from './render-sweep.js';
import { protocolEraLine, protocolViolationLines } from './protocol-violations.js';
import { codeSpan, escapeMarkdown as md } from './markdown-escape.js';
import { describeErroredRun, erroredRuns } from './errored-runs.js';
import { describeEscapes } from './escapes.js';
import { failureCauses } from './failure-cause.js';
import { renderDiscoverabilityTable, renderResilienceTables } from './render-metric-tables.js';
import { markdownTable, type Align } from './markdown-table.js';
import type { Fraction, Report, SuiteServerResult } from './types.js';
import { FIGURE_COLUMNS, formatOf, statOf } from './figures.js';

/** Errored runs named one by one in the summary, per server. */
const MAX_ERRORED_SHOWN = 10;

const HEADER = [
  'suite',
  'server',
  'task success',
  'tool selection',
  ...FIGURE_COLUMNS.summary.map((c) => c.head),
  'safety failures',
  'absent',
];
const ALIGN: Align[] = ['left', 'left', ...HEADER.slice(2).map((): Align => 'right')];

const dash = '—';

function fractionCell(f: Fraction): string {
  return f.fraction === null ? dash : `${f.fraction.toFixed(2)} (${f.passed}/${f.of})`;
}

function row(suite: string, r: SuiteServerResult): string[] {
  return [
    suite,
    md(r.server),
    fractionCell(r.task_success),
    fractionCell(r.tool_selection_accuracy),
    ...FIGURE_COLUMNS.summary.map((c) => {
      const value = statOf(r, c.key, c.stat);
      return value === null ? dash : formatOf(c)(value);
    }),
    r.safety_failures > 0 ? `**${r.safety_failures}**` : '0',
    String(r.absent),
  ];
}

/**
 * The summary table alone: one row per suite × server, then one "all suites" row per server.
 * The PR comment and the job summary embed it.
 */
export function renderSummaryTable(report: Report): string {
  const rows = report.suites.flatMap((suite) => suite.results.map((r) => row(md(suite.suite), r)));
  rows.push(...report.overall.map((r) => row('**all suites**', r)));
  return markdownTable(HEADER, ALIGN, rows);
}

function serverLine(report: Report): string {
  return report.servers
    .map((s) => {
      const version = s.info ? ` ${s.info.version}` : ' (did not start)';
      const sha = s.git ? ` @ ${s.git.sha.slice(0, 12)}` : '';
      return `${codeSpan(s.name)}${md(version)}${sha}`;
    })
    .join(', ');
}

/**
 * The human summary of a report (summary.md, the CLI's closing output): settings, the table,
 * problems worth a look, provenance and caveats. Pure: the same report gives the same text.
 */
export function renderSummaryMarkdown(report: Report): string {
  const { settings } = report;
  const out: string[] = [];
  out.push(`## hpe-mcp-bench ${report.harness.version}: benchmark summary`, '');
  out.push(
    `${report.scenarios.length} scenario${report.scenarios.length === 1 ? '' : 's'} × ` +
      `${report.servers.length} server${report.servers.length === 1 ? '' : 's'} (${serverLine(report)}), ` +
      `${settings.runs} run${settings.runs === 1 ? '' : 's'} each, isolation \`${settings.isolation}\`, ` +
      `policy \`${settings.policy.name}\`, concurrency ${settings.concurrency}, ` +
      `manifest \`${report.manifest.hash.slice(0, 19)}\`.`,
    '',
  );
  out.push(renderSummaryTable(report));
  const sweeps = sweepLines(report);
  if (sweeps.length > 0) {
    out.push(
      'Tool sweep (every tool of the menu called once per fixture bundle and judged against what the fake served; docs/report-format.md):',
      '',
      ...sweeps.map((line) => `- ${line}`),
      '',
      ...report.servers.flatMap((s) => (s.sweep ? [sweepTable(s.name, s.sweep)] : [])),
    );
  }
  const discoverability = renderDiscoverabilityTable(report);
  if (discoverability !== '') {
    out.push('Discoverability (BM25 over the tool menu, no model; docs/discoverability.md):', '');
    out.push(discoverability);
  }
  const resilience = renderResilienceTables(report);
  if (resilience !== '') {
    out.push('Resilience (the fault matrix; docs/resilience.md):', '', resilience);
  }
  const notes: string[] = [];
  if (!report.gating_eligible) {
    notes.push(
      `**Not eligible for gating or publication:** ${settings.runs} run${settings.runs === 1 ? '' : 's'} per scenario (at least 5 are required).`,
    );
  }
  for (const r of report.overall) {
    if (r.safety_failure) {
      notes.push(
        `**Safety failure:** ${codeSpan(r.server)} was unsafe in ${r.safety_failures} scenario${r.safety_failures === 1 ? '' : 's'}: ${failingScenarios(report, r.server).join(', ')}.`,
      );
    }
    if (r.errors > 0) {
      const errored = erroredRuns(report, r.server);
      const shown = errored
        .slice(0, MAX_ERRORED_SHOWN)
        .map((e) => `  - ${md(describeErroredRun(e))}`);
      const more = errored.length - shown.length;
      notes.push(
        [
          `**Errors:** ${r.errors} run${r.errors === 1 ? '' : 's'} of ${codeSpan(r.server)} ended in an error (the server did not start, crashed, was killed or timed out; \`runs[].error\` in report.json):`,
          ...shown,
          ...(more > 0 ? [`  - … and ${more} more`] : []),
        ].join('\n'),
      );
    }
  }
  notes.push(...describeEscapes(report).map((line) => `**Escapes:** ${line}`));
  if (settings.sandbox && !settings.sandbox.applied) {
    notes.push(
      `**No sandbox:** servers ran without it (${md(settings.sandbox.reason ?? 'not applied')}); direct connections were not blocked or counted.`,
    );
  }
  if (notes.length > 0) out.push(...notes.map((n) => `- ${n}`), '');
  const findings = fakeFindingLines(report);
  if (findings.length > 0) {
    out.push(
      "Findings from the fake (a route miss is a gap in the fake or a call to an endpoint that does not exist; a request the API would refuse breaks a rule of HPE's documents and was answered 400, changing nothing; a swallowed error is a tool result that hid a failed request; `runs[].unrouted_requests`, `runs[].refused_requests` and `runs[].swallowed_errors` in report.json):",
      '',
      ...findings.map((line) => `- ${line}`),
      '',
    );
  }
  const eras = protocolEraLine(report);
  if (eras !== null) out.push(eras, '');
  const violations = protocolViolationLines(report);
  if (violations.length > 0) {
    out.push(
      'Protocol violations (messages a server sent that the MCP schema of its revision refuses; informational unless `--fail-on protocol-violations`; `servers[].protocol_violations` in report.json):',
      '',
      ...violations.map((line) => (line.startsWith('  ') ? line : `- ${line}`)),
      '',
    );
  }
  const causes = failureCauses(report);
  if (causes.length > 0) {
    out.push(
      'Why scenarios did not pass (the first failing run; every call and request is in `runs[].calls` and `runs[].requests` of report.json):',
      '',
      ...causes.map((c) => `- ${codeSpan(c.server)} ${codeSpan(c.scenario)}: ${codeSpan(c.cause)}`),
      '',
    );
  }
  out.push(
    `Provenance: tokens are computed with \`${report.provenance.tokenizer}\`; latency is measured ` +
      `(wall clock, intent → final answer, start-up excluded); calls are measured server-side by ` +
      `the fake. Per-scenario medians, IQR and per-run verdicts are in report.json.`,
    '',
  );
  if (report.caveats.length > 0) {
    out.push('Caveats:', '', ...report.caveats.map((c) => `- ${md(c)}`), '');
  }
  return out.join('\n');
}

function failingScenarios(report: Report, server: string): string[] {
  return report.scenarios
    .filter((s) => s.results.some((r) => r.server === server && r.safety_failure?.any === true))
    .map((s) => codeSpan(s.id));
}
