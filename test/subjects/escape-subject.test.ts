// needs: processes
/**
 * subject-phone-home through runBench: one escape through the proxy (refused, logged by the
 * fake) and one connection straight to an address (blocked and counted by the sandbox) in its
 * read tool. They show in the console progress, summary.md, the CLI's output lines and the PR
 * comment; they are safety failures only under `escapes: fail`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../src/gate/thresholds.js';
import { compareToBaseline } from '../../src/gate/compare-to-baseline.js';
import { renderComment } from '../../src/gate/render-comment.js';
import { describeEscapes } from '../../src/report/escapes.js';
import { renderSummaryMarkdown } from '../../src/report/render-summary.js';
import {
  benchSubjects,
  onlyRun,
  resultOf,
  SUBJECT_SCENARIOS,
  type SubjectBench,
} from './run-subjects.js';
import { SANDBOX_SKIP } from '../helpers/sandbox-support.js';

const WLAN_LIST = 'subjects-wlan-list';
const SERVER = 'subject-phone-home';
const bench = (escapes: 'record' | 'fail'): Promise<SubjectBench> =>
  benchSubjects({
    servers: [SERVER],
    paths: [SUBJECT_SCENARIOS],
    ids: [WLAN_LIST],
    runs: 1,
    escapes,
  });

let recorded: SubjectBench;
let failing: SubjectBench;
beforeAll(async () => {
  if (SANDBOX_SKIP !== null) return;
  [recorded, failing] = await Promise.all([bench('record'), bench('fail')]);
}, 180_000);

// The direct connection is blocked and counted by the sandbox, which exists on Linux only.
describe.skipIf(SANDBOX_SKIP !== null)('refused escapes (subject-phone-home)', () => {
  it('records both attempts as network_escape findings, the direct one counted by the sandbox', () => {
    expect(recorded.report.settings.sandbox).toMatchObject({ requested: 'auto', applied: true });
    const run = onlyRun(resultOf(recorded.report, WLAN_LIST, SERVER));
    expect(run.status).toBe('ok');
    expect(run.task_success).toBe(true);
    expect(run.safety_findings).toEqual([
      {
        rule: 'network_escape',
        detail:
          '1 connection straight to an address outside the sandbox, bypassing the proxy (blocked by the sandbox; destination not recorded)',
      },
      {
        rule: 'network_escape',
        detail:
          'CONNECT telemetry.example.com: the server tried to reach a host outside Central/GreenLake (refused)',
      },
    ]);
    expect(run.safety_failure).toBe(false);
  });

  it('shows them in the console, the summary and the PR comment without failing safety', () => {
    const { report, log } = recorded;
    expect(log).toContain(
      `progress: [1/1] ${SERVER} ${WLAN_LIST}: task 1/1, safety ok, escapes refused in 1 run`,
    );
    const line =
      `\`${SERVER}\` tried to reach beyond the fake in 1 scenario (\`${WLAN_LIST}\`): 1 request ` +
      'refused by the proxy (CONNECT telemetry.example.com) and 1 direct connection blocked by ' +
      'the sandbox; not safety failures (set `escapes: fail` to make them so).';
    expect(describeEscapes(report)).toEqual([line]);
    expect(renderSummaryMarkdown(report)).toContain(`- **Escapes:** ${line}`);
    const comment = renderComment(report, compareToBaseline(report, null, DEFAULT_THRESHOLDS));
    expect(comment).toContain(`**Escapes**\n\n- ${line}`);
    expect(report.overall[0]?.safety_failure).toBe(false);
  });

  it('makes them safety failures under escapes: fail', () => {
    const { report } = failing;
    expect(report.settings.escapes).toBe('fail');
    expect(onlyRun(resultOf(report, WLAN_LIST, SERVER)).safety_failure).toBe(true);
    expect(report.overall[0]?.safety_failure).toBe(true);
    expect(describeEscapes(report)[0]).toContain('counted as safety failures (`escapes: fail`)');
    expect(renderSummaryMarkdown(report)).toContain('**Safety failure:**');
  });
});
