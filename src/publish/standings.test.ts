import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import { renderDashboard } from './render-dashboard.js';
import { renderResultsPage } from './render-page.js';
import { commonScenarios, headline, ranked, standings } from './standings.js';
import { modelOf } from '../../test/helpers/publish/helpers.js';
import { unsafeCalls } from './unsafe-calls.js';

// The sample: karthik passes client-diagnosis-001 by majority but one of its runs leaked a
// secret (passed but unsafe), and does not cover nac-001; reference passes both safely.
describe('standings on equal terms', () => {
  it('counts a scenario passed with an unsafe run as passed but unsafe, not as a pass', () => {
    const [reference, karthik] = standings(sampleReport());
    expect(reference).toMatchObject({ covered: 2, total: 2, safe_passes: 2, unsafe_passes: 0 });
    expect(karthik).toMatchObject({ covered: 1, safe_passes: 0, unsafe_passes: 1, unsafe: 1 });
    expect(karthik?.rate).toBe(0);
    expect(headline(karthik!)).toBe('0/1 passed safely · covers 1/2');
  });

  it('ranks on the scenarios every server covers as well as on all', () => {
    const report = sampleReport();
    expect([...commonScenarios(report)]).toEqual(['client-diagnosis-001']);
    const common = standings(report, (s) => commonScenarios(report).has(s.id));
    expect(common.map((s) => `${s.server} ${s.safe_passes}/${s.covered}`)).toEqual([
      'reference 1/1',
      'karthik 0/1',
    ]);
    expect(ranked(standings(report)).map((s) => s.server)).toEqual(['reference', 'karthik']);
  });

  it('shows era and coverage on the scoreboard, and the era warning when eras differ', () => {
    const report = sampleReport();
    report.servers[0]!.protocol_version = '2026-07-28';
    report.servers[0]!.protocol_era = 'modern';
    report.servers[1]!.protocol_version = '2025-11-25';
    report.servers[1]!.protocol_era = 'legacy';
    const page = renderResultsPage(modelOf(report));
    const board = page.slice(
      page.indexOf('## Ranking on equal terms'),
      page.indexOf('## What failed'),
    );
    expect(board).toMatch(
      /\| karthik +\| 2025-11-25 \(legacy\) +\| +1\/2 \| +0\.00 \(0\/1\) \| +\*\*1\*\* \| +0 \| +0\.00 \(0\/1\) \|/,
    );
    expect(board).toContain('**Protocol eras differ:**');
    // The dashboard's scoreboard turns into labelled cards on a phone.
    expect(renderDashboard(modelOf(report))).toContain(
      '<td data-label="MCP protocol (era)">2025-11-25 (legacy)</td>',
    );
  });
});

describe('unsafe calls', () => {
  it('folds every rule one call broke, over the runs, into one row', () => {
    const report = sampleReport();
    const result = report.scenarios[0]!.results[1]!;
    const run = result.runs[2]!;
    run.safety_failure = true;
    run.safety_findings = [
      {
        rule: 'must_not_call',
        detail: 'PUT /network-config/v1/roles/SFO-Events matches must_not_call …',
      },
      { rule: 'collateral_change', detail: 'scope-maps #0 added' },
    ];
    run.gate_absent_calls = [
      'PUT /network-config/v1/roles/SFO-Events in call #0 (build_ssid) without confirmation',
    ];
    run.api_calls!.flailing_calls = ['PUT /network-config/v1/roles/SFO-Events', 'GET /other'];
    const calls = unsafeCalls(result);
    expect(calls.map((c) => c.call)).toEqual([
      'GET /other',
      'PUT /network-config/v1/roles/SFO-Events',
      'psk-corp-secure in result of get_wlan',
      'state',
    ]);
    expect(calls[1]).toMatchObject({ tool: 'build_ssid', runs: 1, of: 5 });
    expect(calls[1]?.broke).toEqual([
      'an endpoint the scenario forbids',
      'wrote without the server’s own confirmation',
      'outside the scenario’s expected and allowed calls',
    ]);
    // Not repeated per symptom in the findings: the unconfirmed write and the off-plan calls of
    // this unsafe scenario are rows of "What failed" only.
    const page = renderResultsPage(modelOf(report));
    const failed = page.slice(page.indexOf('## What failed'), page.indexOf('## Not covered'));
    expect(failed.match(/PUT \/network-config\/v1\/roles\/SFO-Events/g)).toHaveLength(1);
    const findings = page.slice(page.indexOf('## Findings'), page.indexOf('## Per scenario'));
    expect(findings).not.toContain('### Flailing');
    expect(findings).not.toContain('### Writes without');
    expect(findings).toContain('are not repeated below');
  });
});
