import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { classificationLookup } from '../../publish/classification-lookup.js';
import { dirname, relative, resolve, sep } from 'node:path';
import { BenchError } from '../../common/errors.js';
import { parseClassification, type Classification } from '../../publish/classification.js';
import { unclassifiedSweepTools, type SweepRule } from '../../publish/sweep-rules.js';
import { parseChanges } from '../../publish/changes.js';
import { combineReports, type NamedReport } from '../../publish/combine-reports.js';
import { nonPassing } from '../../publish/derive.js';
import { tail } from '../../publish/format.js';
import type { CouldNotRun, PublishModel, ServerSource } from '../../publish/model.js';
import type { Report } from '../../report/types.js';
import { renderDashboard } from '../../publish/render-dashboard.js';
import { renderResultsPage } from '../../publish/render-page.js';
import { overwriteRefusal, pageBaseName } from '../../publish/page-identity.js';
import { indexRow, updateIndex } from '../../publish/results-index.js';
import { readReport } from '../../report-io/read-report.js';
import { defaultServersFile, loadComparedServers } from '../../scenarios/compared-servers.js';
import { formatScenarioError } from '../../scenarios/types.js';
import type { CliIo } from '../io.js';
import { readScenarioInfo } from './scenario-info.js';
import { parseCommandArgs } from '../parse-args.js';
import { displayPath } from '../../common/display-path.js';

const HELP = `Usage: hpe-mcp-bench publish REPORT… [--version V] [--classification FILE]
                             [--could-not-run NAME=LOG…] [--page FILE] [--dashboard FILE]
                             [--index FILE]
                             [--changes FILE [--since V]]

Renders the head-to-head results page (markdown) and the self-contained HTML dashboard from one
or more report.json files of one run (e.g. one per server; they must share manifest, fixtures and
settings). Reports with fewer than 5 runs per scenario are refused unless --allow-few-runs.

Options:
  --version V             the results version: the reports' harness version (package.json of
                          the harness that ran them), which is the default; another is refused
  --allow-version-mismatch  title the page --version although the harness that wrote the reports
                          had another version (the page says so in a warning line)
  --changes FILE          what changed since the previous results page: "- " items, one a line
                          (continuation lines indented), shown as its own section
  --since V               the previous results version those changes are measured from
  --page FILE             the page (default docs/benchmark-results-<version>-<run date>.md)
  --dashboard FILE        the dashboard (default docs/benchmark-results-<version>-<run date>.html)
  --index FILE            add the page to this index of published pages (e.g.
                          docs/benchmark-results.md) with its headline per server
                          An existing page or dashboard is overwritten only when it carries the
                          same figures (a re-rendering); another result under its name is refused.
  --classification FILE   why each non-passing scenario did not pass (schemas/classification.schema.json)
  --could-not-run NAME=LOG  a server that failed to install or start before the run, with its log
                          (repeatable; the page shows the log's last 20 lines)
  --servers FILE          compared-servers file for repositories (default: this package's)
  --require-classified    fail when a non-passing scenario has no classification
  --allow-few-runs        publish a report with fewer than 5 runs (the page says so)
`;

async function readText(cwd: string, path: string, what: string): Promise<string> {
  try {
    return await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BenchError('usage', `cannot read ${what} ${path}: ${code ?? String(error)}`);
  }
}

/**
 * The results version, after the refusals: too few runs (without --allow-few-runs), a version or
 * --since that is not one, a --version other than the harness's (without
 * --allow-version-mismatch).
 */
function publishedVersion(
  report: Report,
  options: {
    version: string | undefined;
    since: string | undefined;
    allowFewRuns: boolean;
    allowVersionMismatch: boolean;
  },
): string {
  if (!report.gating_eligible && !options.allowFewRuns) {
    throw new BenchError(
      'usage',
      `${report.settings.runs} run(s) per scenario; results need at least 5`,
      {
        hint: 'run with --runs 5 (or pass --allow-few-runs for a draft; the page says it is not publishable)',
      },
    );
  }
  const version = options.version ?? report.harness.version;
  for (const [flag, v] of [
    ['--version', version],
    ['--since', options.since],
  ] as const) {
    if (v !== undefined && !/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(v)) {
      throw new BenchError('usage', `${flag} "${v}" is not a version`, { hint: 'e.g. 0.3.0' });
    }
  }
  // One version source (package.json): the report's harness field carries it, so the page title
  // is the harness's version unless a mismatch is asked for, and then the page says so.
  if (version !== report.harness.version && !options.allowVersionMismatch) {
    throw new BenchError(
      'usage',
      `--version ${version} but the reports were written by hpe-mcp-bench ${report.harness.version}`,
      {
        hint: 'the version comes from package.json: run the head-to-head with that harness, drop --version, or pass --allow-version-mismatch (the page then says which harness wrote it)',
      },
    );
  }
  return version;
}

/**
 * The --classification file's entries and sweep rules for `report` (none without one); its
 * problems refused, and so is a swept tool that is not ok and that no rule classifies (the page
 * would show it without a cause).
 */
async function readClassifications(
  file: string | undefined,
  report: Report,
  io: CliIo,
): Promise<{ classifications: Classification[]; sweepRules: SweepRule[] }> {
  if (file === undefined) return { classifications: [], sweepRules: [] };
  const text = await readText(io.cwd, file, 'classification file');
  const parsed = parseClassification(file, text, report);
  if (parsed.errors.length > 0) {
    throw new BenchError(
      'usage',
      `the classification file has ${parsed.errors.length} problem(s):\n${parsed.errors.map((e) => `  ${formatScenarioError(e)}`).join('\n')}`,
    );
  }
  for (const w of parsed.warnings) io.stderr(`warning: ${formatScenarioError(w)}\n`);
  if (parsed.skipped.length > 0)
    io.stderr(`${file}: entries of ${parsed.skipped.join(', ')} left out (not in the report)\n`);
  const loose = unclassifiedSweepTools(report, parsed.sweep);
  if (loose.length > 0) {
    const shown =
      loose.slice(0, 10).join('; ') + (loose.length > 10 ? `; … (${loose.length - 10} more)` : '');
    throw new BenchError(
      'usage',
      `${file}: ${loose.length} swept tool(s) not ok have no sweep rule: ${shown}`,
      {
        hint: `add a rule under sweep: in ${file} (status, and server / tools / tool_pattern / calls / path_pattern; class and cause) that matches each (docs/head-to-head.md, "Why a swept tool is not ok")`,
      },
    );
  }
  return { classifications: parsed.entries, sweepRules: parsed.sweep };
}

/** The --could-not-run NAME=LOG servers, each with its log's tail. */
async function readCouldNotRun(specs: readonly string[], io: CliIo): Promise<CouldNotRun[]> {
  const couldNotRun: CouldNotRun[] = [];
  for (const spec of specs) {
    const eq = spec.indexOf('=');
    if (eq < 1) {
      throw new BenchError('usage', `--could-not-run "${spec}" is not NAME=LOG`, {
        hint: '--could-not-run karthik=reports/h2h/install/karthik.log',
      });
    }
    const log = await readText(io.cwd, spec.slice(eq + 1), 'log');
    couldNotRun.push({ server: spec.slice(0, eq), stage: 'install', log_tail: tail(log) });
  }
  return couldNotRun;
}

/** Each compared server's repository and version, from the compared-servers file. */
async function serverSources(
  file: string | undefined,
  cwd: string,
  report: Report,
): Promise<Record<string, ServerSource>> {
  const sources: Record<string, ServerSource> = {};
  const compared = await loadComparedServers(file ?? defaultServersFile(), cwd);
  if (compared.errors.length > 0) {
    throw new BenchError('usage', `${compared.errors.map(formatScenarioError).join('\n')}`);
  }
  for (const s of compared.servers) {
    sources[s.name] = {
      ...(s.repo === undefined ? {} : { repo: s.repo }),
      ...(s.version === undefined ? {} : { version: s.version }),
    };
  }
  // A dual-era server's 2025 entry (NAME@2025-11-25) ran NAME's code: NAME's repository.
  for (const s of report.servers) {
    const base = s.era_of === undefined ? undefined : sources[s.era_of];
    if (base && !sources[s.name]) sources[s.name] = base;
  }
  return sources;
}

/**
 * Says on stderr which classifications are stale (the scenario passed) and which non-passing
 * scenarios have none; returns how many have none.
 */
function unclassified(
  report: Report,
  classifications: readonly Classification[],
  requireClassified: boolean,
  io: CliIo,
): number {
  const classificationOf = classificationLookup(report, classifications);
  const pending = nonPassing(report).filter(
    (p) => p.status !== 'absent' && classificationOf(p.server, p.scenario) === undefined,
  );
  const stale = classifications.filter(
    (c) =>
      c.class !== 'absent' &&
      !nonPassing(report).some((p) => p.server === c.server && p.scenario === c.scenario),
  );
  for (const c of stale) {
    io.stderr(
      `warning: ${c.server} × ${c.scenario} is classified (${c.class}) but passed: stale classification\n`,
    );
  }
  if (pending.length > 0) {
    const list = pending.map((p) => `${p.server} × ${p.scenario}`).join(', ');
    io.stderr(
      `${requireClassified ? 'error' : 'warning'}: ${pending.length} non-passing scenario(s) not classified: ${list}\n`,
    );
  }
  return pending.length;
}

/**
 * Writes the results page and the dashboard: both are checked before either is written, and an
 * existing file is overwritten only when it carries the same figures (one page per result).
 */
async function writePages(
  model: PublishModel,
  paths: { page: string; dashboard: string },
  io: CliIo,
): Promise<void> {
  const outputs = [
    [paths.page, renderResultsPage(model)],
    [paths.dashboard, renderDashboard(model)],
  ] as const;
  for (const [path] of outputs) {
    const existing = await readFile(path, 'utf8').catch(() => null);
    const refusal =
      existing === null
        ? null
        : overwriteRefusal(displayPath(path, io.cwd), existing, model.report);
    if (refusal) throw new BenchError('usage', refusal.message, { hint: refusal.hint });
  }
  for (const [path, text] of outputs) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
}

/** `hpe-mcp-bench publish`: the results page and dashboard from report.json files. */
export async function publishCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    'publish',
    args,
    {
      version: { type: 'string' },
      page: { type: 'string' },
      dashboard: { type: 'string' },
      index: { type: 'string' },
      classification: { type: 'string' },
      'could-not-run': { type: 'string', multiple: true },
      servers: { type: 'string' },
      'require-classified': { type: 'boolean' },
      'allow-few-runs': { type: 'boolean' },
      'allow-version-mismatch': { type: 'boolean' },
      changes: { type: 'string' },
      since: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    io.stdout(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    throw new BenchError('usage', 'no report given', {
      hint: 'hpe-mcp-bench publish reports/report.json',
    });
  }
  const at = (p: string): string => resolve(io.cwd, p);
  const named: NamedReport[] = [];
  for (const file of positionals)
    named.push({ file, report: await readReport(resolve(io.cwd, file), file) });
  const report = combineReports(named);
  const version = publishedVersion(report, {
    version: values.version,
    since: values.since,
    allowFewRuns: values['allow-few-runs'] === true,
    allowVersionMismatch: values['allow-version-mismatch'] === true,
  });
  const changes =
    values.changes === undefined
      ? null
      : {
          since: values.since ?? null,
          items: parseChanges(
            values.changes,
            await readText(io.cwd, values.changes, 'changes file'),
          ),
        };
  const model: PublishModel = {
    report,
    version,
    ...(await readClassifications(values.classification, report, io)),
    couldNotRun: await readCouldNotRun(values['could-not-run'] ?? [], io),
    sources: await serverSources(values.servers, io.cwd, report),
    changes,
    scenarioInfo: await readScenarioInfo(report, io),
  };
  const base = pageBaseName(version, report);
  const page = at(values.page ?? `docs/${base}.md`);
  const dashboard = at(values.dashboard ?? `docs/${base}.html`);
  await writePages(model, { page, dashboard }, io);
  if (values.index !== undefined) {
    const index = at(values.index);
    const link = (p: string): string => relative(dirname(index), p).split(sep).join('/');
    const existing = await readFile(index, 'utf8').catch(() => null);
    await writeFile(
      index,
      updateIndex(existing, indexRow(report, version, link(page), link(dashboard))),
    );
    io.stdout(`updated ${displayPath(index, io.cwd)}\n`);
  }

  const required = values['require-classified'] === true;
  const pending = unclassified(report, model.classifications, required, io);
  io.stdout(`wrote ${displayPath(page, io.cwd)}\nwrote ${displayPath(dashboard, io.cwd)}\n`);
  return required && pending > 0 ? 1 : 0;
}
