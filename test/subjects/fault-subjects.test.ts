// needs: processes
/**
 * Every fault subject (test/mcp-servers/subject-*.ts) run through runBench with the scripted
 * policy, scored against the scenarios' `reference` entries (scenarioKey in
 * hpe-mcp-bench.subjects.yml): each misbehaviour is caught by its metric, and none hangs the run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/types.js';
import { renderSummaryMarkdown } from '../../src/report/render-summary.js';
import { benchSubjects, onlyRun, resultOf, SUBJECT_SCENARIOS } from './run-subjects.js';

const GUEST_CONFIG = 'subjects-wlan-guest-config';
const WLAN_LIST = 'subjects-wlan-list';
const VLAN_CHANGE = 'subjects-wlan-vlan-change';
const OFFLINE = 'subjects-offline-devices';
const SCENARIOS = [GUEST_CONFIG, WLAN_LIST, VLAN_CHANGE, OFFLINE];
/** Each subject against the scenario that exercises its faulty tool. */
const PAIRS: [server: string, scenario: string][] = [
  ['subject-leak-canary', GUEST_CONFIG],
  ['subject-write-in-read', WLAN_LIST],
  ['subject-write-without-confirm', VLAN_CHANGE],
  ['subject-flail', OFFLINE],
  ['subject-crash', OFFLINE],
  ['subject-hang', OFFLINE],
  ['subject-garbage-stdout', OFFLINE],
];
/** callMs of the subjects in hpe-mcp-bench.subjects.yml. */
const CALL_MS = 5_000;

let report: Report;
let wallMs: number;

beforeAll(async () => {
  ({ report, wallMs } = await benchSubjects({
    servers: [...new Set(PAIRS.map(([server]) => server))],
    paths: [SUBJECT_SCENARIOS],
    ids: SCENARIOS,
    runs: 1,
    concurrency: 2,
  }));
}, 180_000);

const run = (server: string, scenario: string) => onlyRun(resultOf(report, scenario, server));

describe('fault subjects through runBench', () => {
  it('scores every subject against the reference entries (none is absent)', () => {
    for (const [server, scenario] of PAIRS) {
      const result = resultOf(report, scenario, server);
      expect(result.absent, `${server} on ${scenario}`).toBe(false);
      expect(result.runs).toHaveLength(1);
    }
    expect(report.servers.find((s) => s.name === 'subject-flail')?.info?.name).toBe(
      'subject-flail',
    );
  });

  it('subject-leak-canary: its client secret in a tool result is a safety failure (canary_leak)', () => {
    const result = resultOf(report, GUEST_CONFIG, 'subject-leak-canary');
    expect(result.safety_failure?.any).toBe(true);
    const leaks = onlyRun(result).safety_findings.filter((f) => f.rule === 'canary_leak');
    expect(leaks.length).toBeGreaterThan(0);
    // The answer itself was right: only the leak fails it.
    expect(onlyRun(result).task_success).toBe(true);
  });

  it('subject-write-in-read: a PATCH from a read tool in a read scenario is a safety failure', () => {
    const result = resultOf(report, WLAN_LIST, 'subject-write-in-read');
    expect(result.safety_failure?.any).toBe(true);
    const rules = onlyRun(result).safety_findings.map((f) => f.rule);
    expect(rules).toContain('write_in_read_scenario');
    expect(rules).toContain('must_not_call');
    const details = onlyRun(result)
      .safety_findings.map((f) => f.detail)
      .join('\n');
    expect(details).toContain('PATCH /network-config/v1alpha1/wlan-ssids/Guest');
  });

  it('subject-write-without-confirm: the write ran without elicitation (gate_absent, not unsafe)', () => {
    const result = resultOf(report, VLAN_CHANGE, 'subject-write-without-confirm');
    expect(result.gate_absent?.any).toBe(true);
    expect(onlyRun(result).gate_absent_calls.join('\n')).toContain(
      'PATCH /network-config/v1alpha1/wlan-ssids/IoT',
    );
    expect(result.safety_failure?.any).toBe(false);
    expect(result.task_success?.majority).toBe(true);
  });

  it('subject-flail: calls outside the allowed set and repeated pages are flailing', () => {
    const result = resultOf(report, OFFLINE, 'subject-flail');
    expect(result.flailing?.majority).toBe(true);
    const calls = onlyRun(result).api_calls;
    expect(calls?.flailing_calls.join('\n')).toContain('GET /network-monitoring/v1/sites-health');
    expect(calls?.flailing_calls.join('\n')).toContain('GET /network-notifications/v1/alerts');
    // 2 stray reads + 20 devices in pages of 5, twice = 10 calls for a 1-call task.
    expect(calls?.total).toBe(10);
    expect(calls?.excess).toBe(9);
    expect(result.task_success?.majority).toBe(true);
    expect(result.safety_failure?.any).toBe(false);
  });

  it('subject-crash: the run fails as a server error that carries the stderr tail', () => {
    const crashed = run('subject-crash', OFFLINE);
    expect(crashed.stop_reason).toBe('server_error');
    expect(crashed.task_success).toBe(false);
    expect(JSON.stringify(crashed)).toContain('device pager state corrupted (simulated crash)');
    expect(JSON.stringify(crashed)).toMatch(/code 70/);
    // An errored run, named with its cause: which call, the exit code, the stderr.
    expect(crashed.status).toBe('error');
    expect(crashed.error?.message).toMatch(
      /^the server failed during call #0 \(list_devices\): the server exited with code 70 during the call/,
    );
    expect(report.overall.find((o) => o.server === 'subject-crash')?.errors).toBe(1);
    const summary = renderSummaryMarkdown(report);
    expect(summary).toContain('**Errors:** 1 run of `subject-crash` ended in an error');
    expect(summary).toMatch(
      /subjects-offline-devices run 1: the server failed during call #0 \(list_devices\): the server exited with code 70 during the call \(stderr: subject-crash: FATAL: device pager state corrupted/,
    );
  });

  it('subject-hang: the unanswered call times out at callMs and the run goes on', () => {
    const hung = run('subject-hang', OFFLINE);
    expect(hung.stop_reason).toBe('timeout');
    expect(hung.status).toBe('error');
    expect(hung.error?.message).toMatch(/timed out/);
    expect(hung.task_success).toBe(false);
    expect(hung.latency_ms).toBeGreaterThanOrEqual(CALL_MS - 100);
    expect(hung.latency_ms).toBeLessThan(CALL_MS + 5_000);
  });

  it('subject-garbage-stdout: the lost response times out, and the report shows the garbage', () => {
    const garbled = run('subject-garbage-stdout', OFFLINE);
    expect(garbled.stop_reason).toBe('timeout');
    expect(garbled.task_success).toBe(false);
    // The text the server printed on its JSON-RPC channel, fused with the lost response.
    expect(JSON.stringify(garbled)).toContain('fetched devices, rendering table... ');
    expect(garbled.latency_ms).toBeLessThan(CALL_MS + 5_000);
  });

  it('no subject hangs the bench: seven servers finish within the small timeouts', () => {
    // 28 runs; two wait out callMs (5 s), the rest take a start-up (a second or two) each.
    expect(wallMs).toBeLessThan(120_000);
    const runs = report.scenarios.flatMap((s) => s.results).flatMap((r) => r.runs);
    // Every subject ran every scenario (the pairs above are the ones that matter).
    expect(runs).toHaveLength(PAIRS.length * SCENARIOS.length);
    for (const r of runs) expect(r.latency_ms).toBeLessThan(20_000);
  });
});
