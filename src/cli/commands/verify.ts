import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BenchError, EXIT_CODES } from '../../common/errors.js';
import { combineReports, type NamedReport } from '../../publish/combine-reports.js';
import { verifyPage } from '../../publish/verify-page.js';
import type { FigureMismatch } from '../../report/figure-diff.js';
import { RUN_FIGURES_NOT_REDERIVED, RUN_FIGURES_REDERIVED } from '../../report/rederive-run.js';
import type { Report } from '../../report/types.js';
import { NOT_REDERIVED, verifyReport } from '../../report/verify-report.js';
import { readReport } from '../../report-io/read-report.js';
import { resilienceMismatches } from '../../resilience/verify-resilience.js';
import { sweepCountMismatches } from '../../sweep/verify-sweep-counts.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';
import { readScenarioInfo } from './scenario-info.js';
import { harnessVersion } from '../../run/assemble/provenance.js';

const HELP = `Usage: hpe-mcp-bench verify REPORT.json... [--page FILE]... [--json]

Recomputes every figure of a report from the lowest-level records it carries (each run's request
log as the fake counted it, its tool calls, its verdicts' reasons), aggregates them again with the
harness's own aggregators (median/IQR per scenario, mean/p95 and fractions per suite and overall)
and compares them with the stored figures. Figures whose raw material the report does not carry
are listed as not re-derivable. A .json.gz report is read through gunzip.

--page FILE checks that a results page (.md) or dashboard (.html) published from the REPORTs
(several are combined as publish combines them) shows their figures: the page's figures digest
must be theirs, and a page's scoreboard and per-scenario sections, rendered again from them, must
equal the page's (latency included); so must its job table and ranking when this harness's
version published it (with the scenarios' platforms from the manifests the report names).

Exit 0: every figure follows; 1: a figure does not (each is named: scenario or suite, server,
run, figure, stored and recomputed value); 2: usage, or a file that cannot be read or is not a report.

Options:
  --page FILE   a results page or dashboard published from the REPORTs (repeatable)
  --json        print {ok, reports, pages, run_figures, not_rederivable} as JSON
`;

const shown = (value: unknown): string =>
  value === undefined ? '(absent)' : JSON.stringify(value);

/** `client-diagnosis-006 · karthik · run 3 · api_call_count total: stored 5, recomputed 4`. */
export function mismatchLine(m: FigureMismatch): string {
  const where = [m.scope, m.server, m.run === undefined ? null : `run ${m.run}`].filter(
    (p): p is string => p !== null,
  );
  return `${where.join(' · ')} · ${m.figure}: stored ${shown(m.stored)}, recomputed ${shown(m.recomputed)}`;
}

async function readPage(io: CliIo, file: string): Promise<string> {
  try {
    return await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new BenchError(
      'usage',
      `--page ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      { hint: 'pass a results page (.md) or dashboard (.html) that `hpe-mcp-bench publish` wrote' },
    );
  }
}

/** One report verified: its mismatches and the lines that say so. */
function verifyOne(
  file: string,
  report: Report,
): { mismatches: FigureMismatch[]; lines: string[]; json: object } {
  const v = verifyReport(report);
  const mismatches = [
    ...v.mismatches,
    ...sweepCountMismatches(report),
    ...resilienceMismatches(report),
  ];
  const scope = `${v.runs} runs re-derived, ${v.rows} scenario × server rows, ${report.suites.length} suites and overall re-aggregated; written by hpe-mcp-bench ${report.harness.version}`;
  const lines = [
    mismatches.length === 0
      ? `${file}: every re-derivable figure follows from its runs (${scope}).`
      : `${file}: ${mismatches.length} figure(s) do not follow from the report's runs (${scope}):`,
    ...mismatches.map((m) => `  ${mismatchLine(m)}`),
    ...(v.runsWithoutRecords > 0
      ? [
          `  ${v.runsWithoutRecords} run(s) carry no request log or tool calls (an older report): their run figures are kept as stored.`,
        ]
      : []),
    ...(v.predates.length > 0
      ? [
          `  ${v.predates.length} figure(s) absent from the report (it predates them), not checked: ${v.predates.slice(0, 3).join('; ')}${v.predates.length > 3 ? '; …' : ''}`,
        ]
      : []),
  ];
  const json = {
    file,
    mismatches,
    predates: v.predates,
    runs: v.runs,
    rows: v.rows,
    runs_without_records: v.runsWithoutRecords,
  };
  return { mismatches, lines, json };
}

/** `hpe-mcp-bench verify`: reports' figures recomputed from their runs (and their pages'). */
export async function verifyCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'verify',
    args,
    {
      page: { type: 'string', multiple: true },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    throw new BenchError('usage', 'verify needs a REPORT.json', {
      hint: "run 'hpe-mcp-bench verify --help'",
    });
  }
  const named: NamedReport[] = [];
  for (const file of positionals)
    named.push({ file, report: await readReport(resolve(io.cwd, file), file) });
  const results = named.map(({ file, report }) => verifyOne(file, report));
  const pages = values.page ?? [];
  const pageMismatches: FigureMismatch[] = [];
  if (pages.length > 0) {
    // A page of several reports shows them combined, as publish combines them.
    const combined = combineReports(named);
    const context = {
      scenarioInfo: await readScenarioInfo(combined, io),
      harness: await harnessVersion(),
    };
    for (const page of pages)
      pageMismatches.push(...verifyPage(page, await readPage(io, page), combined, context));
  }
  const mismatches = [...results.flatMap((r) => r.mismatches), ...pageMismatches];
  const ok = mismatches.length === 0;
  const notRederivable = [...RUN_FIGURES_NOT_REDERIVED, ...NOT_REDERIVED];
  if (values.json === true) {
    const out = {
      ok,
      reports: results.map((r) => r.json),
      pages: pages.map((page) => ({
        page,
        mismatches: pageMismatches.filter((m) => m.scope === `page ${page}`),
      })),
      run_figures: RUN_FIGURES_REDERIVED.map((f) => `${f.path} from ${f.from}`),
      not_rederivable: notRederivable,
    };
    io.stdout(JSON.stringify(out, null, 2) + '\n');
    return ok ? EXIT_CODES.ok : EXIT_CODES.failed;
  }
  const lines = results.flatMap((r) => r.lines);
  if (pages.length > 0)
    lines.push(
      pageMismatches.length === 0
        ? `--page: ${pages.length} page(s) show the figures of ${positionals.join(', ')}.`
        : `--page: ${pageMismatches.length} figure(s) of the pages do not follow from ${positionals.join(', ')}:`,
      ...pageMismatches.map((m) => `  ${mismatchLine(m)}`),
    );
  lines.push(
    'Not re-derivable from report.json (kept as stored):',
    ...notRederivable.map((n) => `  - ${n}`),
  );
  if (!ok)
    lines.push(
      "A figure differs from the one the runs give: the report or page was edited, or written by a harness whose rules differ from this one's. Re-run the benchmark or regenerate the report and page; do not publish them as they are.",
    );
  io.stdout(lines.join('\n') + '\n');
  return ok ? EXIT_CODES.ok : EXIT_CODES.failed;
}
