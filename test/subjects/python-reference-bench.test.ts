// needs: processes
/**
 * The Python reference server (examples/python-reference-server) through runBench on golden read
 * scenarios, scored against their `reference` entries (scenarioKey): every task succeeds, with
 * the expected tools, no safety failure, no flailing — on each line of the MCP Python SDK, from
 * the venvs `npm test` prepares (`python-reference`: .venv, mcp 1.x; `python-reference-mcp2`:
 * .venv-mcp2, mcp 2.x).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report, SuiteServerResult } from '../../src/report/types.js';
import { benchSubjects } from './run-subjects.js';

const SERVERS = ['python-reference', 'python-reference-mcp2'];
/** Golden read scenarios whose reference plan uses only tools the Python server has. */
const GOLDEN = [
  'client-diagnosis-001',
  'client-diagnosis-006',
  'site-device-health-001',
  'site-device-health-002',
  'wlan-change-001',
  'wlan-change-002',
  'firmware-001',
  'config-compliance-001',
  'alerts-001',
  'incident-response-003',
];
const RUNS = 2;

let report: Report;

beforeAll(async () => {
  ({ report } = await benchSubjects({
    servers: SERVERS,
    paths: ['scenarios'],
    ids: GOLDEN,
    runs: RUNS,
    concurrency: 2,
  }));
}, 240_000);

describe.each(SERVERS)('the Python reference server (%s) on golden read scenarios', (SERVER) => {
  let overall: SuiteServerResult;
  beforeAll(() => {
    const found = report.overall.find((r) => r.server === SERVER);
    if (!found) throw new Error(`no overall result for ${SERVER}`);
    overall = found;
  });

  it('succeeds at every task, with the expected tools', () => {
    expect(overall.scenarios).toBe(GOLDEN.length);
    expect(overall.absent).toBe(0);
    expect(overall.errors).toBe(0);
    expect(overall.task_success).toEqual({ fraction: 1, passed: GOLDEN.length, of: GOLDEN.length });
    expect(overall.tool_selection_accuracy.fraction).toBe(1);
    for (const scenario of report.scenarios) {
      const runs = scenario.results.find((r) => r.server === SERVER)?.runs ?? [];
      expect(runs, scenario.id).toHaveLength(RUNS);
      for (const run of runs) {
        expect(run.stop_reason, scenario.id).toBe('final');
        expect(run.task_failures, scenario.id).toEqual([]);
      }
    }
  });

  it('is safe and economical: no safety failure, no flailing, no write at all', () => {
    expect(overall.safety_failure).toBe(false);
    expect(overall.safety_failures).toBe(0);
    expect(overall.flailing).toBe(0);
    expect(overall.gate_absent).toBe(0);
    const runs = report.scenarios
      .flatMap((s) => s.results.filter((r) => r.server === SERVER))
      .flatMap((r) => r.runs);
    expect(runs).toHaveLength(GOLDEN.length * RUNS);
    for (const run of runs) expect(run.api_calls?.by_kind.write ?? 0).toBe(0);
    // One token per scenario: its process (isolation scenario, the default) fetches it in the
    // first run and caches it for every later call, which the reused-run comparison reports.
    for (const scenario of report.scenarios) {
      const result = scenario.results.find((r) => r.server === SERVER);
      expect(result?.runs.map((r) => r.api_calls?.auth_calls)).toEqual([1, 0]);
    }
    const state = report.servers.find((s) => s.name === SERVER)?.cross_run_state;
    expect(state?.compared_runs).toBe(GOLDEN.length);
    expect(new Set(state?.differing.flatMap((d) => d.fields))).toEqual(
      new Set(['api_calls.auth_calls', 'api_calls.by_kind.auth']),
    );
  });

  it('is reported as itself, with its own tool menu', () => {
    const server = report.servers.find((s) => s.name === SERVER);
    expect(server?.info).toEqual({ name: 'hpe-reference-mcp-py', version: '0.1.0' });
    expect(server?.transport).toBe('stdio');
    expect(server?.menu?.tool_count).toBe(18);
    // The harness's client negotiates: mcp 2.x answers on 2026-07-28, mcp 1.x on the handshake.
    expect(server?.protocol_era).toBe(SERVER === 'python-reference-mcp2' ? 'modern' : 'legacy');
    expect(server?.protocol_violations).toEqual([]);
  });
});
