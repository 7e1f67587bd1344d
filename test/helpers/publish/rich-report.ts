import type { Report } from '../../../src/report/types.js';
import { goldenReport } from './helpers.js';

/**
 * The golden report with everything a newer report may carry put in, for the renderers' tests:
 * the figures of the 0.2.0 head-to-head (task success 0.94–0.96 at 9k–317k tokens, menus of 800
 * to 92k tokens: the case whose scatter crowded every point at y ≈ 0.95 with one x tick),
 * discoverability, each run's planned calls, model usage and cost, a route miss, a swallowed
 * error, an errored run and a resilience matrix.
 */
export function richReport(): Report {
  const report = goldenReport();
  const figures = [
    [316_570, 0.95, 91_891],
    [190_323, 0.94, 45_310],
    [96_600, 0.96, 5_622],
    [9_178, 0.95, 800],
  ] as const;
  report.overall.forEach((row, i) => {
    const [tokens, success, menu] = figures[i] ?? figures[0];
    if (row.tokens) row.tokens.mean = tokens;
    row.task_success = { ...row.task_success, fraction: success };
    row.cost_usd = { total: 0.4 + i, per_successful_task: i === 3 ? null : 0.02 * (i + 1) };
    const server = report.servers[i];
    if (!server) return;
    if (server.menu) server.menu.total = menu;
    server.protocol_version = i === 2 ? '2026-07-28' : '2025-06-18';
    server.protocol_era = i === 2 ? 'modern' : 'legacy';
    if (i === 1) {
      server.protocol_violations = [
        {
          kind: 'response',
          method: 'tools/list',
          pointer: '/result/tools/0',
          message: "must have required property 'inputSchema'",
          excerpt: '{"name":"get_wlan","description":"x | y"}',
          revision: '2025-06-18',
          count: 5,
          scenario: 'subjects-wlan-list',
        },
      ];
    }
    server.discoverability = {
      scenarios: 4,
      recall_at_1: 0.2 + i * 0.15,
      recall_at_3: 0.5 + i * 0.1,
      recall_at_5: 0.7 + i * 0.05,
      mrr: 0.4 + i * 0.1,
      menu_tokens: menu,
      menu_text_hash: 'sha256:0',
    };
  });
  for (const scenario of report.scenarios) {
    for (const result of scenario.results) {
      for (const run of result.runs) {
        run.calls = run.tools_called.map((tool, n) => ({
          tool,
          arguments: {},
          outcome: n === 0 && !run.task_success ? 'error' : 'ok',
          error: null,
          result_chars: 10,
          via: null,
        }));
        run.provider_usage = {
          input: 900,
          output: 100,
          cache_read: 0,
          cache_write: 0,
          total: 1000,
          provenance: 'measured',
        };
        run.cost_usd = 0.003;
      }
    }
  }
  const flail = report.scenarios[0]?.results.find((r) => r.server === 'subject-flail');
  flail?.runs.forEach((run, i) => {
    run.unrouted_requests = [
      { method: 'GET', path: '/network-monitoring/v1/radios', status: 404, count: 2 },
    ];
    if (i < 2) {
      run.swallowed_errors = [
        {
          tool: 'get_wlan',
          call: 1,
          requests: ['GET /network-config/v1alpha1/wlan-ssids/guest → 500'],
        },
      ];
    }
  });
  const crash = report.scenarios[1]?.results.find((r) => r.server === 'subject-crash');
  const errored = crash?.runs[0];
  if (errored) {
    errored.status = 'error';
    errored.error = {
      phase: 'startup',
      message: 'the server exited with code 1 before tools/list',
      stderr_tail: 'Traceback…',
    };
  }
  report.resilience = {
    faults: [],
    cells: [
      {
        scenario: 'subjects-wlan-list',
        server: 'subject-flail',
        fault: 'short_page',
        exercised: true,
        task_success: { majority: false, pass_rate: 0, per_run: [false] },
        extra_calls: 0,
        retry_after_early: 0,
        retries_after_client_error: 0,
        short_page_misses: 3,
        recovery_calls: 0,
        recovery_ms: 0,
        safety_failure: false,
        baseline_passed: true,
        resilient: false,
      },
    ],
    scores: report.servers.map((s, i) => ({
      server: s.name,
      score: i === 3 ? null : 1 - i * 0.25,
      resilient: 4 - i,
      exercised: 4,
      extra_calls_mean: i === 3 ? null : i * 0.5,
      retry_after_early: i,
      retries_after_client_error: 0,
      short_page_misses: i === 2 ? 3 : 0,
    })),
  };
  return report;
}
