import { describe, expect, it } from 'vitest';
import { missing, regressedTools } from './regressed-tools.js';
import { okRun } from '../../test/helpers/report/test-report.js';
import { report } from '../../test/helpers/gate/variant-report.js';
import type { Report, RunCall, RunRequest, RunResult } from '../report/types.js';
import type { Regression } from './types.js';

describe('missing (the facts a run lacks, for the comment)', () => {
  it('reads facts missing from the answer and facts taken from another tool than their source', () => {
    const task_failures = [
      'fact apName (SFO-AP-02) is not in the answer',
      'fact leaseTime (7 days) is not in the results of run_show_commands: the answer took it from another tool',
      'fact poolName (guest-pool) is not from run_show_commands, which was not called: the answer took it from another tool',
      'expected API call GET /network-monitoring/v1/clients was not made',
    ];
    expect(missing({ task_failures })).toEqual([
      'apName (SFO-AP-02)',
      'leaseTime (7 days)',
      'poolName (guest-pool)',
    ]);
  });
});

/** A write scenario's run as the harness records it: create, then read the SSID back. */
function writeRun(over: { wrote: boolean; failed: boolean; readBackChars: number }): RunResult {
  const requests: RunRequest[] = [
    { method: 'POST', host: 'sso', path: '/as/token.oauth2', status: 200, kind: 'auth' },
    ...(over.wrote
      ? [
          {
            method: 'POST',
            host: 'api',
            path: '/network-config/v1alpha1/wlan-ssids/SFO-Events',
            status: 200,
            kind: 'write' as const,
          },
        ]
      : []),
    {
      method: 'GET',
      host: 'api',
      path: '/network-config/v1alpha1/wlan-ssids/SFO-Events',
      status: 200,
      kind: 'read',
    },
  ];
  const call = (tool: string, chars: number, first: number, count: number): RunCall => ({
    tool,
    arguments: {},
    outcome: 'ok',
    error: null,
    result_chars: chars,
    via: null,
    request_span: { first, count },
  });
  const write = over.wrote ? 2 : 1;
  return okRun(1, {
    task_success: !over.failed,
    task_failures: over.failed
      ? ['state: #0 wlan-ssids: 0 item(s) added where {"ssid":"SFO-Events"}, expected 1']
      : [],
    calls: [
      call('create_wlan', 76, 0, write),
      call('get_wlan_config', over.readBackChars, write, 1),
    ],
    requests,
  });
}

/** A one-scenario report whose runs are `run`. */
function withRun(run: RunResult): Report {
  const r = report({ scenarios: ['wlan-change-005'], runs: 1 });
  const [scenario] = r.scenarios;
  const [result] = scenario?.results ?? [];
  if (!scenario || !result) throw new Error('test report has no scenario');
  return { ...r, scenarios: [{ ...scenario, results: [{ ...result, runs: [run] }] }] };
}

const failedState: Regression = {
  metric: 'task_success',
  server: 'reference',
  where: 'scenario:wlan-change-005',
  baseline: 1,
  current: 0,
  limit: 1,
};

describe('regressedTools (a failed state check names the tool that wrote)', () => {
  const baseline = withRun(writeRun({ wrote: true, failed: false, readBackChars: 232 }));

  it('names the write tool and its request, not the tool that read the result back', () => {
    const pr = withRun(writeRun({ wrote: true, failed: true, readBackChars: 240 }));
    const [regressed] = regressedTools(pr, baseline, [failedState]);
    expect(regressed).toMatchObject({
      tool: 'create_wlan',
      answer: '#0 wlan-ssids: 0 item(s) added where {"ssid":"SFO-Events"}, expected 1',
    });
    expect(regressed?.whatToDo).toContain(
      'create_wlan sent POST /network-config/v1alpha1/wlan-ssids/SFO-Events',
    );
  });

  it('names the baseline’s writer when the PR’s run wrote nothing', () => {
    const pr = withRun(writeRun({ wrote: false, failed: true, readBackChars: 232 }));
    const [regressed] = regressedTools(pr, baseline, [failedState]);
    expect(regressed?.tool).toBe('create_wlan');
    expect(regressed?.whatToDo).toContain('no longer sends POST');
  });

  it('falls back to the call whose answer changed when calls carry no request spans', () => {
    const bare = (run: RunResult): RunResult => ({
      ...run,
      calls: (run.calls ?? []).map(({ request_span: _span, ...call }) => call),
    });
    const pr = withRun(bare(writeRun({ wrote: true, failed: true, readBackChars: 240 })));
    const [regressed] = regressedTools(
      pr,
      withRun(bare(writeRun({ wrote: true, failed: false, readBackChars: 232 }))),
      [failedState],
    );
    expect(regressed?.tool).toBe('get_wlan_config');
  });
});
