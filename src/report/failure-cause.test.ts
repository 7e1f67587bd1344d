import { describe, expect, it } from 'vitest';
import { renderSummaryMarkdown } from './render-summary.js';
import { failureCauses, runFailureCause } from './failure-cause.js';
import { erroredRunResult } from './run-result.js';
import { okRun, sampleReport } from '../../test/helpers/report/test-report.js';
import type { RunCall, RunResult } from './types.js';

const call = (over: Partial<RunCall>): RunCall => ({
  tool: 'central_get_alerts',
  arguments: {},
  outcome: 'ok',
  error: null,
  result_chars: 10,
  via: null,
  ...over,
});
const failed = { task_success: false, task_failures: ['fact severity missing from the answer'] };

describe('runFailureCause', () => {
  const cases: [string, RunResult, string | null][] = [
    ['a passing run', okRun(1), null],
    [
      'a start-up failure',
      erroredRunResult(1, {
        phase: 'startup',
        message: 'did not start within 30000ms',
        stderr_tail: null,
      }),
      'start-up: did not start within 30000ms',
    ],
    [
      'the first call that returned an error, with its router',
      okRun(1, {
        ...failed,
        calls: [
          call({}),
          call({
            tool: 'greenlake_get_x',
            outcome: 'error',
            error: "central has no tool named 'greenlake_get_x'.",
            via: 'central_invoke_tool',
          }),
          call({ outcome: 'protocol_error', error: 'later' }),
        ],
      }),
      "call #1 greenlake_get_x via central_invoke_tool error: central has no tool named 'greenlake_get_x'.",
    ],
    [
      'a request the API would refuse, before the call it made fail',
      okRun(1, {
        ...failed,
        calls: [call({ outcome: 'error', error: '400 ERR_AP001' })],
        refused_requests: [
          {
            operation: 'POST /network-config/v1alpha1/wlan-ssids/{ssid}',
            rule: 'enum',
            at: 'body:/opmode',
            message: '/opmode must be one of OPEN, …',
            count: 2,
          },
        ],
      }),
      'the API would refuse POST /network-config/v1alpha1/wlan-ssids/{ssid} (/opmode must be one of OPEN, …)',
    ],
    [
      'a turn limit without failed calls',
      okRun(1, { ...failed, stop_reason: 'turn_limit', calls: [call({})] }),
      'stopped: turn_limit',
    ],
    [
      'only a task failure',
      okRun(1, { ...failed, calls: [call({})] }),
      'fact severity missing from the answer',
    ],
    [
      'only a tool-selection failure, from a 1.0.0 report without calls',
      okRun(1, {
        tool_selection_accuracy: false,
        tool_selection_failures: ['expected tool x was not selected'],
      }),
      'expected tool x was not selected',
    ],
    [
      'a long error, on one line and cut',
      okRun(1, {
        ...failed,
        calls: [call({ outcome: 'error', error: `line\n${'x'.repeat(400)}` })],
      }),
      `call #0 central_get_alerts error: line ${'x'.repeat(200 - 'call #0 central_get_alerts error: line '.length)}…`,
    ],
  ];
  it.each(cases)('%s', (_name, run, cause) => {
    expect(runFailureCause(run)).toBe(cause);
  });
});

describe('failureCauses', () => {
  it('lists non-passing, non-absent results and the summary shows them', () => {
    const report = sampleReport();
    const result = report.scenarios[0]?.results[0];
    if (!result) throw new Error('sample report changed');
    const runs = [
      okRun(1, { ...failed, calls: [call({ outcome: 'error', error: 'HTTP 404 `not found`' })] }),
    ];
    result.runs = runs;
    result.task_success = { majority: false, pass_rate: 0, per_run: [false] };
    const causes = failureCauses(report);
    expect(causes).toContainEqual({
      server: result.server,
      scenario: report.scenarios[0]?.id,
      cause: 'call #0 central_get_alerts error: HTTP 404 `not found`',
    });
    expect(renderSummaryMarkdown(report)).toContain(
      `- \`${result.server}\` \`${report.scenarios[0]?.id}\`: \`\` call #0 central_get_alerts error: HTTP 404 \`not found\` \`\``,
    );
  });
});
