// needs: processes
/**
 * Same SHAs → same report, for a server that makes up ids: subject-random-id POSTs an auth
 * profile under a new random UUID in every run (as secure-ssid does), sends it in a query and
 * repeats it in its answer. Two benches of it, each of two runs on one reused process, give
 * byte-identical report.json once timing is stripped, because the id is `{id#1}` everywhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collectFindings } from '../../src/publish/derive.js';
import { splitCrossRun } from '../../src/report/cross-run-state.js';
import { stripTiming } from '../../src/report/strip-timing.js';
import type { Report } from '../../src/report/types.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { benchSubjects, resultOf, SUBJECT_SCENARIOS } from './run-subjects.js';

const WLAN_LIST = 'subjects-wlan-list';
const SERVER = 'subject-random-id';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const PROFILES = '/network-config/v1alpha1/auth-profiles';

const bench = async (): Promise<Report> =>
  (
    await benchSubjects({
      servers: [SERVER],
      paths: [SUBJECT_SCENARIOS],
      ids: [WLAN_LIST],
      runs: 2,
      // Its sweep calls the POSTing tool too: two sweeps must be byte-identical as well.
      sweep: 'read',
    })
  ).report;

let first: Report;
let second: Report;

beforeAll(async () => {
  first = await bench();
  second = await bench();
}, 120_000);

describe('a server that POSTs a random UUID every run', () => {
  it('records the id as {id#1} in requests, findings, calls and tokens', () => {
    expect(reportSchemaErrors(first)).toEqual([]);
    const result = resultOf(first, WLAN_LIST, SERVER);
    for (const run of result.runs) {
      expect(run.status).toBe('ok');
      expect(run.requests?.filter((r) => r.path.startsWith(PROFILES))).toMatchObject([
        { method: 'POST', path: `${PROFILES}/{id#1}` },
        { method: 'GET', path: PROFILES, query: { 'object-name': '{id#1}' } },
      ]);
      expect(run.safety_findings.map((f) => f.rule)).toEqual(
        expect.arrayContaining(['must_not_call', 'write_in_read_scenario']),
      );
      expect(run.safety_findings.every((f) => !UUID.test(f.detail))).toBe(true);
      expect(run.safety_findings.some((f) => f.detail.includes(`${PROFILES}/{id#1}`))).toBe(true);
    }
    // Nothing in the report carries the raw id (the answer repeated it too).
    expect(JSON.stringify(result)).not.toMatch(UUID);
    // The reused process's second run is the first's twin but for the token it kept.
    const state = first.servers[0]?.cross_run_state;
    expect(state && splitCrossRun(state).material).toEqual([]);
  });

  it('gives byte-identical reports across two benches once timing is removed', () => {
    expect(JSON.stringify(stripTiming(second), null, 2)).toBe(
      JSON.stringify(stripTiming(first), null, 2),
    );
  });

  it('groups the findings by rule × endpoint template × scenario, with run counts', () => {
    const safety = collectFindings(first).filter((f) => f.kind === 'safety');
    expect(
      safety.map((f) => [f.rule, f.detail.split(' ').slice(0, 2).join(' '), f.runs, f.of]),
    ).toEqual([
      ['must_not_call', `POST ${PROFILES}/{id}`, 2, 2],
      ['write_in_read_scenario', `POST ${PROFILES}/{id}`, 2, 2],
    ]);
  });
});
