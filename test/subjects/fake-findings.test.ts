// needs: processes
/**
 * The fake's findings through runBench: a subject that calls an endpoint the fake does not serve
 * and one that hides a 404 behind a success-looking result. Both answer the scenario right, so
 * only the findings show them: report.json, summary.md, the PR comment and the results page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderComment } from '../../src/gate/render-comment.js';
import { gate } from '../../src/gate/gate.js';
import { DEFAULT_THRESHOLDS } from '../../src/gate/thresholds.js';
import { renderSummaryMarkdown } from '../../src/report/render-summary.js';
import type { Report } from '../../src/report/types.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { benchSubjects, onlyRun, resultOf, SUBJECT_SCENARIOS } from './run-subjects.js';

const OFFLINE = 'subjects-offline-devices';
let report: Report;

beforeAll(async () => {
  ({ report } = await benchSubjects({
    servers: ['subject-unrouted', 'subject-hide-404', 'subject-refused-query'],
    paths: [SUBJECT_SCENARIOS],
    ids: [OFFLINE],
    runs: 1,
    concurrency: 3,
  }));
}, 120_000);

describe('route misses and swallowed errors', () => {
  it('report.json lists the unrouted request per run, and the swallowed error it caused', () => {
    expect(reportSchemaErrors(report)).toEqual([]);
    const run = onlyRun(resultOf(report, OFFLINE, 'subject-unrouted'));
    expect(run.unrouted_requests).toEqual([
      { method: 'GET', path: '/network-monitoring/v1/device-radios', status: 404, count: 1 },
    ]);
    expect(run.requests?.find((r) => r.path.endsWith('/device-radios'))?.unrouted).toBe(true);
    expect(run.swallowed_errors?.[0]).toMatchObject({
      tool: 'list_devices',
      requests: ['GET /network-monitoring/v1/device-radios → 404'],
    });
  });

  it('a request the API would refuse is a refused_requests finding, and marked in requests[]', () => {
    const run = onlyRun(resultOf(report, OFFLINE, 'subject-refused-query'));
    expect(run.refused_requests).toEqual([
      expect.objectContaining({
        operation: 'GET /network-monitoring/v1/devices',
        rule: 'unknown-parameter',
        at: 'query:bogus-param',
        count: 1,
      }),
    ]);
    const refused = run.requests?.filter((r) => r.refused !== undefined);
    expect(refused).toEqual([
      expect.objectContaining({
        path: '/network-monitoring/v1/devices',
        status: 400,
        refused: 'unknown-parameter at query:bogus-param',
      }),
    ]);
    expect(run.unrouted_requests).toBeUndefined();
  });

  it('a lenient run lets the same request through, finds nothing, and says it was lenient', async () => {
    const lenient = await benchSubjects({
      servers: ['subject-refused-query'],
      paths: [SUBJECT_SCENARIOS],
      ids: [OFFLINE],
      runs: 1,
      validation: 'lenient',
    });
    const run = onlyRun(resultOf(lenient.report, OFFLINE, 'subject-refused-query'));
    expect(run.refused_requests).toBeUndefined();
    expect(run.requests?.find((r) => r.query?.['bogus-param'] !== undefined)?.status).toBe(200);
    expect(lenient.report.settings.fake_validation).toBe('lenient');
    expect(report.settings.fake_validation).toBe('documents');
    expect(lenient.log.some((l) => l.startsWith('warn: validation lenient:'))).toBe(true);
    expect(reportSchemaErrors(lenient.report)).toEqual([]);
  }, 60_000);

  it('a tool that turns a routed 404 into an empty answer is a swallowed error, not a route miss', () => {
    const run = onlyRun(resultOf(report, OFFLINE, 'subject-hide-404'));
    expect(run.unrouted_requests).toBeUndefined();
    expect(run.swallowed_errors).toEqual([
      {
        tool: 'list_devices',
        call: 1,
        requests: ['GET /network-monitoring/v1/site-health/0000000000 → 404'],
      },
    ]);
  });

  it('summary.md, the PR comment and their lines name server, scenario and request', () => {
    const summary = renderSummaryMarkdown(report);
    expect(summary).toContain(
      '`subject-unrouted` `subjects-offline-devices`: requests the fake does not serve: `GET /network-monitoring/v1/device-radios`',
    );
    expect(summary).toContain(
      '`subject-hide-404` `subjects-offline-devices`: swallowed errors in 1 of 1 run: `list_devices (call 1): GET /network-monitoring/v1/site-health/0000000000 → 404`',
    );
    const verdict = gate(report, null, DEFAULT_THRESHOLDS);
    const comment = renderComment(report, verdict.verdict);
    expect(comment).toContain('**Findings from the fake**');
    expect(comment).toContain('requests the fake does not serve');
  });
});
