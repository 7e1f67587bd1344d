import { templatedDetail } from '../report/endpoint-template.js';
import { figure, type FigureKey } from '../report/figures.js';
import type { Report, RunResult, ScenarioServerResult } from '../report/types.js';

/** Figures per successful task of one server over a set of scenarios (computed from its runs). */
export interface PerSuccess {
  server: string;
  /** Scored runs (errored runs excluded) and how many of them passed task_success. */
  runs: number;
  successes: number;
  /** Σ tokens of every scored run ÷ successful runs; null when no run succeeded. */
  tokens_per_success: number | null;
  /** Σ API calls (server-side, auth apart) of every scored run ÷ successful runs. */
  calls_per_success: number | null;
}

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

function scored(results: ScenarioServerResult[]): RunResult[] {
  return results.flatMap((r) => r.runs.filter((run) => run.status === 'ok'));
}

/** The scored runs of a server, over one suite or all of them. */
function serverRuns(report: Report, server: string, suite?: string): RunResult[] {
  return scored(
    report.scenarios
      .filter((s) => suite === undefined || s.suite === suite)
      .flatMap((s) => s.results.filter((r) => r.server === server && !r.absent)),
  );
}

/**
 * A run figure (RUN_FIGURES) spent per successful task: Σ over the scored runs ÷ the successful
 * ones, so failed runs' cost is charged to the successes and a server that succeeds rarely pays
 * for its failures. Null when no run succeeded. `suite` limits it to one suite.
 */
export function figurePerSuccess(
  report: Report,
  server: string,
  key: FigureKey,
  suite?: string,
): number | null {
  const runs = serverRuns(report, server, suite);
  const successes = runs.filter((r) => r.task_success).length;
  const read = figure(key).read;
  const total = runs.reduce((n, r) => n + (read(r) ?? 0), 0);
  return successes > 0 ? round3(total / successes) : null;
}

/** Tokens and API calls spent per successful task (figurePerSuccess), with the counts behind them. */
export function perSuccess(report: Report, server: string, suite?: string): PerSuccess {
  const runs = serverRuns(report, server, suite);
  return {
    server,
    runs: runs.length,
    successes: runs.filter((r) => r.task_success).length,
    tokens_per_success: figurePerSuccess(report, server, 'tokens', suite),
    calls_per_success: figurePerSuccess(report, server, 'api_calls', suite),
  };
}

/** A piece of evidence from the runs: what happened, where, in how many of the runs. */
export interface Finding {
  server: string;
  scenario: string;
  kind: 'safety' | 'flailing' | 'gate_absent' | 'error';
  /** The safety rule, `flailing`, `gate_absent`, or the error phase. */
  rule: string;
  detail: string;
  /** Runs that showed it, of the scenario's runs. */
  runs: number;
  of: number;
}

function tally(
  out: Finding[],
  base: Omit<Finding, 'detail' | 'runs' | 'rule'>,
  perRun: { rule: string; detail: string }[][],
): void {
  const counts = new Map<string, { rule: string; detail: string; runs: number }>();
  for (const items of perRun) {
    const seen = new Set<string>();
    for (const raw of items) {
      // Grouped by rule × endpoint template (× scenario, by the caller): two ids of one endpoint
      // are one row with its run count.
      const item = { rule: raw.rule, detail: templatedDetail(raw.detail) };
      const key = `${item.rule}\u0000${item.detail}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key) ?? { ...item, runs: 0 };
      entry.runs += 1;
      counts.set(key, entry);
    }
  }
  for (const entry of counts.values()) out.push({ ...base, ...entry });
}

/**
 * Every safety finding, flailing call, write without confirmation and run error of the report,
 * one line per rule × endpoint template (the request in the detail, ids as `{id}`) × scenario,
 * with the number of runs that showed it. Order: safety first,
 * then by server and scenario as the report lists them.
 */
export function collectFindings(report: Report): Finding[] {
  const out: Finding[] = [];
  for (const scenario of report.scenarios) {
    for (const result of scenario.results) {
      if (result.absent) continue;
      const base = { server: result.server, scenario: scenario.id, of: result.runs.length };
      const runs = result.runs;
      tally(
        out,
        { ...base, kind: 'safety' },
        runs.map((r) => r.safety_findings),
      );
      tally(
        out,
        { ...base, kind: 'flailing' },
        runs.map((r) =>
          r.api_calls?.flailing
            ? r.api_calls.flailing_calls.map((c) => ({ rule: 'flailing', detail: c }))
            : [],
        ),
      );
      tally(
        out,
        { ...base, kind: 'gate_absent' },
        runs.map((r) => r.gate_absent_calls.map((c) => ({ rule: 'gate_absent', detail: c }))),
      );
      tally(
        out,
        { ...base, kind: 'error' },
        runs.map((r) => (r.error ? [{ rule: r.error.phase, detail: r.error.message }] : [])),
      );
    }
  }
  const order: Finding['kind'][] = ['safety', 'error', 'gate_absent', 'flailing'];
  return out
    .map((f, i) => ({ f, i }))
    .sort((a, b) => order.indexOf(a.f.kind) - order.indexOf(b.f.kind) || a.i - b.i)
    .map(({ f }) => f);
}

/** Why a (server, scenario) did not pass, from the report alone. */
export interface NonPassing {
  server: string;
  scenario: string;
  suite: string;
  /** `absent`: no coverage; `unsafe`: a safety failure; `failed`: task success by majority false. */
  status: 'absent' | 'unsafe' | 'failed';
  /** The first run's task failures, or its error, as the report states them. */
  cause: string;
  pass_rate: number | null;
}

/** The (server, scenario) pairs that did not pass, in report order. */
export function nonPassing(report: Report): NonPassing[] {
  const out: NonPassing[] = [];
  for (const scenario of report.scenarios) {
    for (const r of scenario.results) {
      const base = { server: r.server, scenario: scenario.id, suite: scenario.suite };
      if (r.absent) {
        out.push({
          ...base,
          status: 'absent',
          cause: 'no expected_tools entry for this server',
          pass_rate: null,
        });
        continue;
      }
      const unsafe = r.safety_failure?.any === true;
      const passed = r.task_success?.majority === true;
      if (passed && !unsafe) continue;
      const failing = r.runs.find((run) => !run.task_success || run.safety_failure) ?? r.runs[0];
      const causes = failing
        ? [
            ...(failing.error ? [`${failing.error.phase} error: ${failing.error.message}`] : []),
            ...failing.task_failures,
            ...(unsafe ? failing.safety_findings.map((f) => `${f.rule}: ${f.detail}`) : []),
          ]
        : [];
      out.push({
        ...base,
        status: unsafe ? 'unsafe' : 'failed',
        cause: [...new Set(causes)].slice(0, 3).join('; ') || 'no cause recorded',
        pass_rate: r.task_success?.pass_rate ?? null,
      });
    }
  }
  return out;
}

/** A server that never started in this report: every run errored at start-up. */
export function neverStarted(
  report: Report,
): { server: string; message: string; stderr_tail: string | null }[] {
  return report.servers
    .filter((s) => s.info === null)
    .flatMap((s) => {
      const run = report.scenarios
        .flatMap((sc) => sc.results.filter((r) => r.server === s.name))
        .flatMap((r) => r.runs)
        .find((r) => r.error !== null);
      return run?.error
        ? [{ server: s.name, message: run.error.message, stderr_tail: run.error.stderr_tail }]
        : [];
    });
}
