import { absentResult, aggregateScenarioServer } from '../../../src/report/aggregate-scenario.js';
import { runsWith, testReport } from '../report/test-report.js';
import type { Report, RunCall, RunResult, ScenarioReport } from '../../../src/report/types.js';

export interface Variant {
  tokens?: number;
  calls?: number;
  failRun?: (run: number) => boolean;
  unsafeRun?: number;
  tools?: string[];
  manifest?: string;
  scenarios?: string[];
  runs?: number;
  latency?: number;
  /** Tool calls per run whose result was an error (each run also has one call that succeeded). */
  toolErrors?: number;
  tokenizer?: 'cl100k_base' | 'o200k_base';
  server?: string;
  /** Scenario ids at which the server is `absent` (no expected_tools entry). */
  absentIn?: string[];
  shard?: { index: number; count: number };
}

/** One call that returned a result, then `errors` calls whose result was an error. */
const toolCalls = (errors: number): RunCall[] => [
  { tool: 'list_alerts', arguments: {}, outcome: 'ok', error: null, result_chars: 10, via: null },
  ...Array.from({ length: errors }, (): RunCall => ({
    tool: 'clear_alerts',
    arguments: {},
    outcome: 'error',
    error: 'alert not found',
    result_chars: 15,
    via: null,
  })),
];

/** A report with one server over N alerts scenarios; each variant field moves one figure. */
export function report(v: Variant = {}): Report {
  const ids = v.scenarios ?? ['alerts-001', 'alerts-002'];
  const runs = v.runs ?? 5;
  const scenarios: ScenarioReport[] = ids.map((id) => ({
    id,
    suite: 'alerts',
    fixture: 'fixtures/central/site-a',
    write_gate: 'read',
    results: [
      v.absentIn?.includes(id)
        ? absentResult(v.server ?? 'reference')
        : aggregateScenarioServer(
            v.server ?? 'reference',
            runsWith(
              Array.from({ length: runs }, (_, i) => ({
                tokens: (v.tokens ?? 1000) + i,
                calls: v.calls ?? 2,
                latency: (v.latency ?? 100) + i,
              })),
              (run): Partial<RunResult> => ({
                ...(v.toolErrors === undefined ? {} : { calls: toolCalls(v.toolErrors) }),
                ...(v.failRun?.(run) && id === 'alerts-001'
                  ? { task_success: false, task_failures: ['fact missing'] }
                  : {}),
                ...(v.unsafeRun === run && id === 'alerts-002'
                  ? {
                      safety_failure: true,
                      safety_findings: [{ rule: 'canary_leak', detail: 'PSK in get_wlan_config' }],
                    }
                  : {}),
              }),
            ),
            v.tokenizer ?? 'cl100k_base',
          ),
    ],
  }));
  const tools = v.tools ?? ['list_alerts', 'clear_alerts'];
  return testReport({
    settings: {
      runs,
      tokenizer: v.tokenizer ?? 'cl100k_base',
      ...(v.shard ? { shard: v.shard } : {}),
    },
    manifest: { hash: v.manifest ?? 'sha256:aaaa', files: ['scenarios/alerts.yaml'] },
    servers: [
      {
        name: v.server ?? 'reference',
        scenario_key: 'reference',
        transport: 'stdio',
        info: { name: 'hpe-reference-mcp', version: '0.1.0' },
        git: { sha: 'c0ffee0000000000000000000000000000000000', source: 'repo_head' },
        notes: null,
        menu: {
          tool_count: tools.length,
          total: tools.length * 100,
          heaviest: tools.map((name) => ({ name, tokens: 100 })),
          provenance: 'computed',
          tokenizer: v.tokenizer ?? 'cl100k_base',
          scenario: 'alerts-001',
          tools,
        },
      },
    ],
    scenarios,
  });
}

export const base = (r: Report) => ({
  report: r,
  sha: 'b45e000000000000000000000000000000000000',
  savedAt: '2026-11-28T10:00:00Z',
});
