import { describe, expect, it } from 'vitest';
import { figureName } from './figure-diff.js';
import { publishedReport } from '../../test/helpers/report/published-report.js';
import type { Report, RunResult, ScenarioServerResult, SuiteServerResult } from './types.js';
import { verifyReport } from './verify-report.js';

// Rows of the published 0.4.0 head-to-head report (9 suites, 64 scenarios, 3 servers, 5 runs).
const row = (r: Report, id: string, server: string): ScenarioServerResult => {
  const found = r.scenarios.find((s) => s.id === id)?.results.find((x) => x.server === server);
  if (!found) throw new Error(`no row ${id} × ${server} in the published report`);
  return found;
};
const run = (r: Report, id: string, server: string, n: number): RunResult => {
  const found = row(r, id, server).runs.find((x) => x.run === n);
  if (!found) throw new Error(`no run ${n} of ${id} × ${server}`);
  return found;
};
const suiteRow = (r: Report, suite: string, server: string): SuiteServerResult => {
  const rows = suite === 'overall' ? r.overall : r.suites.find((s) => s.suite === suite)?.results;
  const found = rows?.find((x) => x.server === server);
  if (!found) throw new Error(`no ${suite} row for ${server}`);
  return found;
};
const must = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new Error('figure absent in the fixture');
  return value;
};

describe('verifyReport on the published head-to-head report', () => {
  it('finds every figure following from its runs when nothing was edited', () => {
    const v = verifyReport(publishedReport());
    expect(v.mismatches).toEqual([]);
    expect(v.predates).toEqual([]);
    expect(v).toMatchObject({ runs: 740, rows: 192, runsWithoutRecords: 0 });
  });

  // One figure of each kind edited: verify names exactly that one (scope, server, run, figure).
  const edits: {
    kind: string;
    edit: (r: Report) => void;
    named: { scope: string; server: string | null; run?: number; figure: string };
  }[] = [
    {
      kind: 'a run’s call count (counted inside the fake)',
      edit: (r) => (must(run(r, 'adversarial-001', 'secure-ssid', 2).api_calls).total += 1),
      named: {
        scope: 'adversarial-001',
        server: 'secure-ssid',
        run: 2,
        figure: 'api_call_count total',
      },
    },
    {
      kind: 'a run’s token calls',
      edit: (r) => (must(run(r, 'adversarial-001', 'karthik', 1).api_calls).auth_calls += 1),
      named: {
        scope: 'adversarial-001',
        server: 'karthik',
        run: 1,
        figure: 'api_call_count auth_calls',
      },
    },
    {
      kind: 'a run’s excess calls (its scenario’s runs agree on the expected count)',
      edit: (r) => (must(run(r, 'client-diagnosis-001', 'karthik', 3).api_calls).excess -= 1),
      named: {
        scope: 'client-diagnosis-001',
        server: 'karthik',
        run: 3,
        figure: 'api_call_count excess',
      },
    },
    {
      kind: 'a run’s token total',
      edit: (r) => (must(run(r, 'alerts-001', 'nowireless4u', 3).tokens).total -= 10),
      named: { scope: 'alerts-001', server: 'nowireless4u', run: 3, figure: 'token_usage total' },
    },
    {
      kind: 'a run’s verdict (no failure reason for a failure)',
      edit: (r) => (run(r, 'adversarial-001', 'secure-ssid', 4).task_success = false),
      named: { scope: 'adversarial-001', server: 'secure-ssid', run: 4, figure: 'task_success' },
    },
    {
      kind: 'a run’s tool list',
      edit: (r) => run(r, 'adversarial-001', 'secure-ssid', 5).tools_called.push('extra_tool'),
      named: { scope: 'adversarial-001', server: 'secure-ssid', run: 5, figure: 'tools_called' },
    },
    {
      kind: 'a scenario’s median',
      edit: (r) => (must(row(r, 'alerts-001', 'karthik').tokens).median += 1),
      named: { scope: 'alerts-001', server: 'karthik', figure: 'token_usage median' },
    },
    {
      kind: 'a scenario’s quartile',
      edit: (r) => (must(row(r, 'nac-001', 'secure-ssid').api_calls).q3 += 1),
      named: { scope: 'nac-001', server: 'secure-ssid', figure: 'api_call_count q3' },
    },
    {
      kind: 'a scenario’s latency median (timing)',
      edit: (r) => (must(row(r, 'nac-001', 'nowireless4u').latency_ms).median *= 2),
      named: { scope: 'nac-001', server: 'nowireless4u', figure: 'latency median' },
    },
    {
      kind: 'a scenario’s majority verdict',
      edit: (r) => (must(row(r, 'firmware-001', 'secure-ssid').task_success).pass_rate = 0.4),
      named: { scope: 'firmware-001', server: 'secure-ssid', figure: 'task_success pass_rate' },
    },
    {
      kind: 'a scenario’s errored runs',
      edit: (r) => (row(r, 'firmware-001', 'karthik').errors += 1),
      named: { scope: 'firmware-001', server: 'karthik', figure: 'errors' },
    },
    {
      kind: 'a suite’s mean',
      edit: (r) => (must(suiteRow(r, 'alerts', 'secure-ssid').tokens).mean += 1),
      named: { scope: 'suite alerts', server: 'secure-ssid', figure: 'token_usage mean' },
    },
    {
      kind: 'a suite’s fraction',
      edit: (r) => (suiteRow(r, 'nac', 'karthik').task_success.passed += 1),
      named: { scope: 'suite nac', server: 'karthik', figure: 'task_success passed' },
    },
    {
      kind: 'the headline p95 of a server',
      edit: (r) => (must(suiteRow(r, 'overall', 'nowireless4u').latency_ms).p95 -= 1),
      named: { scope: 'overall', server: 'nowireless4u', figure: 'latency p95' },
    },
    {
      kind: 'the headline tool errors of a server',
      edit: (r) => (must(suiteRow(r, 'overall', 'karthik').tool_errors).mean += 1),
      named: { scope: 'overall', server: 'karthik', figure: 'tool_errors mean' },
    },
    {
      kind: 'the headline unsafe scenarios of a server',
      edit: (r) => (suiteRow(r, 'overall', 'secure-ssid').safety_failures += 1),
      named: { scope: 'overall', server: 'secure-ssid', figure: 'safety_failures' },
    },
    {
      kind: 'the report’s gating eligibility',
      edit: (r) => (r.gating_eligible = false),
      named: { scope: 'report', server: null, figure: 'gating_eligible' },
    },
    {
      kind: 'a menu’s tool count',
      edit: (r) => (must(r.servers[1]?.menu).tool_count += 1),
      named: { scope: 'report', server: 'nowireless4u', figure: 'menu tool_count' },
    },
    {
      kind: 'a server’s discoverability (a mean over its scenarios)',
      edit: (r) => (must(r.servers[2]?.discoverability).mrr += 0.1),
      named: { scope: 'report', server: 'karthik', figure: 'discoverability mrr' },
    },
    {
      kind: 'a scenario’s discoverability, seen in its server’s mean',
      edit: (r) => (must(row(r, 'alerts-001', 'secure-ssid').discoverability).recall_at_1 = 1),
      named: { scope: 'report', server: 'secure-ssid', figure: 'discoverability recall_at_1' },
    },
    {
      kind: 'cross-run state where no process served two runs',
      edit: (r) => {
        r.settings.isolation = 'run';
        for (const server of r.servers.slice(1)) server.cross_run_state = null;
      },
      named: { scope: 'report', server: 'secure-ssid', figure: 'cross_run_state' },
    },
  ];

  it.each(edits)('names exactly the edited figure: $kind', ({ edit, named }) => {
    const report = publishedReport();
    edit(report);
    const { mismatches } = verifyReport(report);
    expect(mismatches.map(({ stored: _s, recomputed: _r, ...where }) => where)).toEqual([named]);
    expect(mismatches[0]?.stored).not.toEqual(mismatches[0]?.recomputed);
  });

  it('re-derives a run from its request log: a request dropped from the log is named, and the means over it', () => {
    const report = publishedReport();
    const target = run(report, 'adversarial-001', 'secure-ssid', 1);
    target.requests = must(target.requests).filter((q) => q.kind === 'auth');
    const figures = verifyReport(report).mismatches.map(
      (m) => `${m.scope} ${m.run ?? '-'} ${m.figure}`,
    );
    // The run's stored counts no longer follow from its log, and the means over its runs
    // (recomputed from the log) no longer equal the stored ones; the median of 5 runs does.
    expect(figures).toEqual([
      'adversarial-001 1 api_call_count total',
      'adversarial-001 1 api_call_count by_kind read',
      'adversarial-001 1 api_call_count excess',
      'suite adversarial - api_call_count mean',
      'overall - api_call_count mean',
    ]);
  });

  it('lists a figure a report predates apart, not as a mismatch', () => {
    const report = publishedReport();
    delete row(report, 'alerts-001', 'karthik').pass_hat_k;
    const v = verifyReport(report);
    expect(v.mismatches).toEqual([]);
    expect(v.predates).toEqual(['alerts-001 · karthik · pass_hat_k']);
  });
});

describe('figureName', () => {
  it.each([
    [['tokens', 'median'], 'token_usage median'],
    [['api_calls', 'by_kind', 'read'], 'api_call_count by_kind read'],
    [['latency_ms', 'p95'], 'latency p95'],
    [['task_success', 'per_run', 2], 'task_success per_run[2]'],
    [['pass_hat_k'], 'pass_hat_k'],
  ] as const)('%j → %s', (path, name) => {
    expect(figureName(path)).toBe(name);
  });
});
