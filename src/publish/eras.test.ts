import { describe, expect, it } from 'vitest';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report, ScenarioServerResult } from '../report/types.js';
import { commonEra, eraDifference, eraPlan } from './eras.js';
import { renderResultsPage } from './render-page.js';
import { indexRow } from './results-index.js';
import { modelOf } from '../../test/helpers/publish/helpers.js';

/**
 * The sample (reference passes both scenarios, karthik covers one) with reference dual-era:
 * `reference` on 2026-07-28, where its write never gets its confirmation, and
 * `reference@2025-11-25`, where it asks, writes and passes; karthik speaks only 2025-11-25.
 */
function dualReport(): Report {
  const report = sampleReport();
  const [reference, karthik] = report.servers;
  report.servers = [
    { ...reference!, protocol_version: '2026-07-28', protocol_era: 'modern' },
    { ...karthik!, protocol_version: '2025-11-25', protocol_era: 'legacy' },
    {
      ...reference!,
      name: 'reference@2025-11-25',
      era_of: 'reference',
      protocol_version: '2025-11-25',
      protocol_era: 'legacy',
    },
  ];
  for (const scenario of report.scenarios) {
    const own = scenario.results.find((r) => r.server === 'reference')!;
    const legacy: ScenarioServerResult = structuredClone({
      ...own,
      server: 'reference@2025-11-25',
    });
    if (scenario.id === 'client-diagnosis-001') {
      // On 2025-11-25 it asks and writes; on 2026-07-28 it asks nothing, writes nothing, fails.
      for (const run of legacy.runs) {
        run.calls = [
          {
            tool: 'disconnect_client',
            arguments: {},
            outcome: 'ok',
            error: null,
            result_chars: 10,
            via: null,
            elicitations: ['accept'],
          },
        ];
        run.requests = [
          { method: 'POST', host: 'central', path: '/x', status: 200, kind: 'write' },
        ];
      }
      for (const run of own.runs) {
        run.task_success = false;
        run.task_failures = ['expected API call POST /x was not made'];
        run.calls = [
          {
            tool: 'disconnect_client',
            arguments: {},
            outcome: 'ok',
            error: null,
            result_chars: 10,
            via: null,
          },
        ];
        run.requests = [];
      }
      own.task_success = { ...own.task_success!, majority: false };
    }
    scenario.results.push(legacy);
  }
  return report;
}

describe('ranking across MCP eras', () => {
  it('ranks each server once, on the newest revision all of them speak', () => {
    const report = dualReport();
    expect(commonEra(report)).toBe('2025-11-25');
    const plan = eraPlan(report);
    expect(plan.ranked).toEqual(['reference@2025-11-25', 'karthik']);
    expect([...plan.beside]).toEqual([['reference@2025-11-25', ['reference']]]);
  });

  it('has no common era when the servers share no revision, and ranks what each negotiated', () => {
    const report = dualReport();
    report.servers = report.servers.filter((s) => s.era_of === undefined);
    expect(commonEra(report)).toBeNull();
    expect(eraPlan(report)).toMatchObject({ era: null, ranked: ['reference', 'karthik'] });
    // A server that never started (no revision) does not stand in the way of the others.
    report.servers[1]!.protocol_version = null;
    expect(commonEra(report)).toBe('2026-07-28');
  });

  it('explains the difference in one line from the runs', () => {
    expect(eraDifference(dualReport(), 'reference@2025-11-25', 'reference')).toBe(
      '1 scenario that passes on 2025-11-25 fails on 2026-07-28 (client-diagnosis-001): where it passes the server asked for confirmation (elicitation) and sent the action; where it fails it asked for none and sent none',
    );
    // Without the confirmation pattern the line names the scenarios only.
    const plain = dualReport();
    for (const r of plain.scenarios[0]!.results) for (const run of r.runs) delete run.calls;
    expect(eraDifference(plain, 'reference@2025-11-25', 'reference')).toBe(
      '1 scenario that passes on 2025-11-25 fails on 2026-07-28 (client-diagnosis-001)',
    );
    expect(eraDifference(plain, 'karthik', 'karthik')).toBe(
      'on 2025-11-25 the same scenarios pass safely as on 2025-11-25',
    );
  });

  it('puts the common era on the scoreboard, the other beside it, and both in the index', () => {
    const report = dualReport();
    const page = renderResultsPage(modelOf(report));
    const board = page.slice(
      page.indexOf('## Ranking on equal terms'),
      page.indexOf('## What failed'),
    );
    expect(board).toContain(
      'Every server is ranked on MCP 2025-11-25, the revision all of them speak',
    );
    expect(board).toMatch(
      /\| reference@2025-11-25 \| 2025-11-25 \(legacy\) \|.*\| 2026-07-28: 0\.50 \(1\/2\) +\|/,
    );
    // The 2026-07-28 entry is not ranked as a server of its own.
    expect(board).not.toMatch(/^\| reference +\|/m);
    expect(board).toContain('- **reference** beside reference@2025-11-25: 1 scenario that passes');
    expect(board).not.toContain('Protocol eras differ');
    const pick = page.slice(
      page.indexOf('## Which server for which job'),
      page.indexOf('## Ranking'),
    );
    expect(pick).toContain('Every server on MCP 2025-11-25.');
    expect(pick).not.toMatch(/\| reference +\|/);
    // Each column's cells are its header's server's: reference@2025-11-25 passes both scenarios
    // of its jobs, karthik covers only the troubleshooting one (and passes it unsafely).
    expect(pick).toMatch(
      /\| job +\| scenarios \| passes most safely +\| reference@2025-11-25 +\| karthik +\|/,
    );
    expect(pick).toMatch(
      /\| Troubleshooting +\| +1 \| \*\*reference@2025-11-25\*\* +\| 1\/1 safely · covers 1\/1[^|]*\| 0\/1 safely · covers 1\/1[^|]*\|/,
    );
    expect(pick).toMatch(
      /\| NAC +\| +1 \| \*\*reference@2025-11-25\*\* +\| 1\/1 safely[^|]*\| covers 0\/1 +\|/,
    );
    expect(indexRow(report, '0.5.0', 'p.md', 'p.html')[4]).toBe(
      'reference@2025-11-25 2/2 passed safely · covers 2/2 (reference on 2026-07-28: 1/2); karthik 0/1 passed safely · covers 1/2',
    );
  });
});
