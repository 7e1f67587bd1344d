import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BenchError, EXIT_CODES } from '../../common/errors.js';
import { verifyPage } from '../../publish/verify-page.js';
import type { FigureMismatch } from '../../report/figure-diff.js';
import { RUN_FIGURES_NOT_REDERIVED, RUN_FIGURES_REDERIVED } from '../../report/rederive-run.js';
import { NOT_REDERIVED, verifyReport } from '../../report/verify-report.js';
import { readReport } from '../../report-io/read-report.js';
import { sweepCountMismatches } from '../../sweep/verify-sweep-counts.js';
import type { CliIo } from '../io.js';
import { parseCommandArgs } from '../parse-args.js';

const HELP = `Usage: hpe-mcp-bench verify REPORT.json [--page FILE]... [--json]

Recomputes every figure of a report from the lowest-level records it carries (each run's request
log as the fake counted it, its tool calls, its verdicts' reasons), aggregates them again with the
harness's own aggregators (median/IQR per scenario, mean/p95 and fractions per suite and overall)
and compares them with the stored figures. Figures whose raw material the report does not carry
are listed as not re-derivable. A .json.gz report is read through gunzip.

--page FILE checks that a results page (.md) or dashboard (.html) made from REPORT shows its
figures: the page's figures digest must be the report's, and a page's scoreboard and
per-scenario sections, rendered again from REPORT, must equal the page's (latency included).

Exit 0: every figure follows; 1: a figure does not (each is named: scenario or suite, server,
run, figure, stored and recomputed value); 2: usage, or a file that cannot be read or is not a report.

Options:
  --page FILE   a results page or dashboard published from REPORT (repeatable)
  --json        print {ok, mismatches, predates, checked, not_rederivable} as JSON
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

/** `hpe-mcp-bench verify`: a report's figures recomputed from its runs (and its pages'). */
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
  const [file] = positionals;
  if (file === undefined || positionals.length !== 1) {
    throw new BenchError(
      'usage',
      `verify needs exactly one REPORT.json${positionals.length > 1 ? ` (got ${positionals.length}: ${positionals.join(', ')})` : ''}`,
      { hint: "run 'hpe-mcp-bench verify --help'" },
    );
  }
  const report = await readReport(resolve(io.cwd, file), file);
  const verification = verifyReport(report);
  const mismatches = [...verification.mismatches, ...sweepCountMismatches(report)];
  for (const page of values.page ?? [])
    mismatches.push(...verifyPage(page, await readPage(io, page), report));
  const notRederivable = [...RUN_FIGURES_NOT_REDERIVED, ...NOT_REDERIVED];
  const checked = {
    runs: verification.runs,
    rows: verification.rows,
    runs_without_records: verification.runsWithoutRecords,
    run_figures: RUN_FIGURES_REDERIVED.map((f) => `${f.path} from ${f.from}`),
    pages: values.page ?? [],
  };
  const ok = mismatches.length === 0;
  if (values.json === true) {
    const out = {
      ok,
      mismatches,
      predates: verification.predates,
      checked,
      not_rederivable: notRederivable,
    };
    io.stdout(JSON.stringify(out, null, 2) + '\n');
    return ok ? EXIT_CODES.ok : EXIT_CODES.failed;
  }
  const harness = `written by hpe-mcp-bench ${report.harness.version}`;
  const scope = `${checked.runs} runs re-derived, ${checked.rows} scenario × server rows, ${report.suites.length} suites and overall re-aggregated${checked.pages.length > 0 ? `, ${checked.pages.length} page(s)` : ''}`;
  const lines = [
    ok
      ? `${file}: every re-derivable figure follows from its runs (${scope}; ${harness}).`
      : `${file}: ${mismatches.length} figure(s) do not follow from the report's runs (${scope}; ${harness}):`,
    ...mismatches.map((m) => `  ${mismatchLine(m)}`),
    ...(verification.runsWithoutRecords > 0
      ? [
          `${verification.runsWithoutRecords} run(s) carry no request log or tool calls (an older report): their run figures are kept as stored.`,
        ]
      : []),
    ...(verification.predates.length > 0
      ? [
          `${verification.predates.length} figure(s) absent from the report (it predates them), not checked: ${verification.predates.slice(0, 3).join('; ')}${verification.predates.length > 3 ? '; …' : ''}`,
        ]
      : []),
    'Not re-derivable from report.json (kept as stored):',
    ...notRederivable.map((n) => `  - ${n}`),
  ];
  if (!ok)
    lines.push(
      "A stored figure differs from the one its runs give: the report was edited, or written by a harness whose rules differ from this one's. Re-run the benchmark or regenerate the report; do not publish it as is.",
    );
  io.stdout(lines.join('\n') + '\n');
  return ok ? EXIT_CODES.ok : EXIT_CODES.failed;
}
