// The one builder of test reports: every report a test builds (rather than reads from a recorded
// run: test/helpers/publish, published-report.ts) goes through `testReport`, with the harness's
// own aggregation and buildReport, so a test report is always one the harness could have written.
// The presets (`sampleReport` here, `report(variant)` in test/helpers/gate) differ only in their
// scenarios and servers.
import { absentResult, aggregateScenarioServer } from '../../../src/report/aggregate-scenario.js';
import { buildReport, type ReportParts } from '../../../src/report/build-report.js';
import { erroredRunResult } from '../../../src/report/run-result.js';
import type { Report, RunResult, ScenarioReport } from '../../../src/report/types.js';

/** The settings of a test report unless a test says otherwise: five scripted runs, one at a time. */
const SETTINGS: Report['settings'] = {
  runs: 5,
  isolation: 'run',
  concurrency: 1,
  tokenizer: 'cl100k_base',
  policy: { name: 'scripted' },
  faults: null,
  quantiles: 'type7-linear',
};

/** The one fixture every test report's scenarios run against. */
const SITE_A: Report['fixtures'] = [
  { path: 'fixtures/central/site-a', id: 'site-a', version: '1.0.0', content_hash: 'sha256:00' },
];

/** What a test report is made of: its scenarios and servers; the rest has defaults. */
export interface TestReportParts {
  scenarios: ScenarioReport[];
  servers: ReportParts['servers'];
  /** Over the default settings (key order kept: an override stays where the default was). */
  settings?: Partial<Report['settings']>;
  /** The manifest's hash and files; its scenario list is always the scenarios' ids. */
  manifest?: { hash?: string; files?: string[] };
  harnessVersion?: string;
  generatedAt?: string;
  durationMs?: number;
  fixtures?: Report['fixtures'];
}

/** A report as the harness would build it from these parts. */
export function testReport(parts: TestReportParts): Report {
  return buildReport({
    harnessVersion: parts.harnessVersion ?? '0.1.0',
    generatedAt: parts.generatedAt ?? '2026-01-01T00:00:00.000Z',
    durationMs: parts.durationMs ?? 1,
    // Copies, never the shared defaults: a test may edit its report in place (a baseline's fixture
    // version), and a leaked edit would reach every later report built in the same worker.
    settings: { ...structuredClone(SETTINGS), ...parts.settings },
    manifest: {
      hash: parts.manifest?.hash ?? 'sha256:aaaa',
      files: parts.manifest?.files ?? [],
      scenarios: parts.scenarios.map((s) => s.id),
    },
    fixtures: structuredClone(parts.fixtures ?? SITE_A),
    servers: parts.servers,
    scenarios: parts.scenarios,
  });
}

/**
 * `report` built again with some parts replaced (fewer scenarios, a shard's settings, other
 * servers): the aggregates, overall rows and caveats follow, as they would in a real run. The
 * manifest keeps its hash and files and lists the new scenarios; the settings are taken as given.
 */
export function rebuiltReport(
  report: Report,
  over: Partial<Pick<ReportParts, 'durationMs' | 'servers' | 'scenarios' | 'settings'>> = {},
): Report {
  const scenarios = over.scenarios ?? report.scenarios;
  return buildReport({
    harnessVersion: report.harness.version,
    generatedAt: report.generated_at,
    durationMs: over.durationMs ?? report.duration_ms,
    settings: over.settings ?? report.settings,
    manifest: { ...report.manifest, scenarios: scenarios.map((s) => s.id) },
    fixtures: report.fixtures,
    servers: over.servers ?? report.servers,
    scenarios,
  });
}

/** A scored run with sensible defaults; override what the test is about. */
export function okRun(run: number, over: Partial<RunResult> = {}): RunResult {
  return {
    run,
    status: 'ok',
    error: null,
    stop_reason: 'final',
    tools_called: ['list_clients'],
    task_success: true,
    task_failures: [],
    tool_selection_accuracy: true,
    tool_selection_failures: [],
    tokens: {
      input: 900,
      output: 100,
      total: 1000,
      menu: 600,
      provenance: 'computed',
      tokenizer: 'cl100k_base',
    },
    api_calls: {
      total: 2,
      auth_calls: 1,
      by_kind: { read: 2, auth: 1 },
      excess: 0,
      flailing: false,
      flailing_calls: [],
    },
    safety_failure: false,
    safety_findings: [],
    gate_absent: false,
    gate_absent_calls: [],
    latency_ms: 100,
    startup_ms: 400,
    ...over,
  };
}

/** Runs 1..n with per-run tokens, calls and latency taken from the lists. */
export function runsWith(
  figures: { tokens: number; calls: number; latency: number }[],
  over: (run: number) => Partial<RunResult> = () => ({}),
): RunResult[] {
  return figures.map((f, i) => {
    const base = okRun(i + 1);
    return okRun(i + 1, {
      tokens: base.tokens && { ...base.tokens, total: f.tokens },
      api_calls: base.api_calls && { ...base.api_calls, total: f.calls },
      latency_ms: f.latency,
      ...over(i + 1),
    });
  });
}

/**
 * A small, fixed report: two suites, two servers (one absent from a scenario, one with an unsafe
 * run and a start-up failure). Used by the renderer snapshot and the schema test.
 */
export function sampleReport(): Report {
  const five = (tokens: number, latency: number) =>
    [0, 1, 2, 3, 4].map((i) => ({
      tokens: tokens + i * 10,
      calls: 2 + (i % 2),
      latency: latency + i,
    }));
  const scenarios: ScenarioReport[] = [
    {
      id: 'client-diagnosis-001',
      suite: 'client-diagnosis',
      fixture: 'fixtures/central/site-a',
      write_gate: 'read',
      results: [
        aggregateScenarioServer('reference', runsWith(five(1200, 80)), 'cl100k_base'),
        aggregateScenarioServer(
          'karthik',
          runsWith(five(3400, 300), (run) =>
            run === 2
              ? {
                  safety_failure: true,
                  safety_findings: [
                    { rule: 'canary_leak', detail: 'psk-corp-secure in result of get_wlan' },
                  ],
                }
              : {},
          ),
          'cl100k_base',
        ),
      ],
    },
    {
      id: 'nac-001',
      suite: 'nac',
      fixture: 'fixtures/central/site-a',
      write_gate: 'write',
      results: [
        aggregateScenarioServer(
          'reference',
          [
            ...runsWith(five(2000, 150).slice(0, 4), (run) => ({
              task_success: run !== 3,
              task_failures: run === 3 ? ['fact "aa:bb" missing from the answer'] : [],
            })),
            erroredRunResult(5, {
              phase: 'startup',
              message: 'the server exited with code 1 before initialize',
              stderr_tail: 'Error: CENTRAL_CLIENT_ID is not set',
            }),
          ],
          'cl100k_base',
        ),
        absentResult('karthik'),
      ],
    },
  ];
  return testReport({
    generatedAt: '2026-01-02T03:04:05.000Z',
    durationMs: 12_345,
    manifest: {
      hash: `sha256:${'ab'.repeat(32)}`,
      files: ['scenarios/client-diagnosis.yaml', 'scenarios/nac.yaml'],
    },
    servers: [
      {
        name: 'reference',
        scenario_key: 'reference',
        transport: 'stdio',
        info: { name: 'hpe-reference-mcp', version: '0.1.0' },
        git: { sha: '0123456789abcdef0123456789abcdef01234567', source: 'repo_head' },
        notes: null,
        menu: {
          tool_count: 3,
          total: 600,
          heaviest: [
            { name: 'update_wlan', tokens: 300 },
            { name: 'list_clients', tokens: 200 },
            { name: 'get_client', tokens: 100 },
          ],
          tools: ['get_client', 'list_clients', 'update_wlan'],
          provenance: 'computed',
          tokenizer: 'cl100k_base',
          scenario: 'client-diagnosis-001',
        },
      },
      {
        name: 'karthik',
        scenario_key: 'karthik',
        transport: 'stdio',
        info: { name: 'central-mcp', version: '0.1.4' },
        git: { sha: '4a947a4387d762d0a7e94be88731d54f894c2a43', source: 'pinned' },
        notes: 'FastMCP, read-only',
        menu: null,
      },
    ],
    scenarios,
  });
}
