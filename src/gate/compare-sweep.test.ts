import { describe, expect, it } from 'vitest';
import type { ServerSweep, SweepToolResult } from '../report/sweep-types.js';
import { sampleReport } from '../../test/helpers/report/test-report.js';
import type { Report } from '../report/types.js';
import { compareSweeps, sweepReasons } from './compare-sweep.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { renderComment } from './render-comment.js';
import { base, report } from '../../test/helpers/gate/variant-report.js';
import { DEFAULT_THRESHOLDS, parseThresholds } from './thresholds.js';

const RADIOS = '/network-monitoring/v1/radios';

const entry = (tool: string, over: Partial<SweepToolResult> = {}): SweepToolResult => ({
  tool,
  fixture: 'site-a',
  outcome: 'ok',
  arguments: { site_id: '1' },
  calls: [{ method: 'GET', path: RADIOS, query: ['site-id'], status: 200 }],
  digest: `sha256:${'a'.repeat(64)}`,
  served: 3,
  shown: ['AP-1', 'AP-2', 'AP-3'],
  ...over,
});

const sweep = (tools: SweepToolResult[], menu = tools.map((t) => t.tool)): ServerSweep => ({
  mode: 'read',
  fixtures: ['site-a'],
  menu,
  menu_changed: null,
  failure: null,
  tools,
  counts: {},
});

function withSweep(s: ServerSweep | undefined): Report {
  const report = sampleReport();
  const [server] = report.servers;
  if (server && s) server.sweep = s;
  return report;
}

const BASE = sweep([entry('list_radios'), entry('list_devices')]);
const reasons = (
  pr: ServerSweep | undefined,
  base: ServerSweep | undefined = BASE,
  retired: string[] = [],
) => sweepReasons(compareSweeps(withSweep(pr), withSweep(base), retired));

describe('compareSweeps', () => {
  it('an unchanged sweep passes', () => {
    expect(reasons(BASE)).toEqual([]);
  });

  it('ok → route-miss fails, naming the tool, the outcome, the calls that changed and the error', () => {
    const broken = entry('list_radios', {
      outcome: 'route-miss',
      calls: [
        {
          method: 'GET',
          path: '/network-monitoring/v1/radio',
          query: [],
          status: 404,
          unrouted: true,
        },
      ],
      error: 'list_radios: GET /network-monitoring/v1/radio → 404',
      shown: [],
    });
    expect(reasons(sweep([broken, entry('list_devices')]))).toEqual([
      `reference sweep: list_radios (site-a) ok → route-miss; GET ${RADIOS} → GET /network-monitoring/v1/radio: route miss; list_radios: GET /network-monitoring/v1/radio → 404`,
    ]);
  });

  it('data lost fails with examples; a changed digest with nothing lost is only listed', () => {
    const lost = entry('list_radios', { shown: ['AP-1'], digest: `sha256:${'b'.repeat(64)}` });
    expect(reasons(sweep([lost, entry('list_devices')]))).toEqual([
      'reference sweep: list_radios (site-a) lost 2 value(s) the baseline showed, e.g. "AP-2", "AP-3"',
    ]);
    const moved = entry('list_radios', { digest: `sha256:${'b'.repeat(64)}` });
    const [c] = compareSweeps(
      withSweep(sweep([moved, entry('list_devices')])),
      withSweep(BASE),
      [],
    );
    expect(c?.changed.map((x) => x.tool)).toEqual(['list_radios']);
    expect(sweepReasons([c!])).toEqual([]);
  });

  it('other arguments are no data loss', () => {
    const other = entry('list_radios', { arguments: { site_id: '2' }, shown: [], outcome: 'ok' });
    expect(reasons(sweep([other, entry('list_devices')]))).toEqual([]);
  });

  it('a tool gone from the menu fails unless retired; a new tool is listed, not failed', () => {
    const pr = sweep([entry('list_devices'), entry('list_aps')]);
    expect(reasons(pr)).toEqual([
      'reference sweep: list_radios is missing from the menu (declare a removal on purpose under "retired: {tools: [list_radios]}" in the thresholds)',
    ]);
    expect(reasons(pr, BASE, ['list_radios'])).toEqual([]);
    expect(compareSweeps(withSweep(pr), withSweep(BASE), [])[0]?.added).toEqual(['list_aps']);
  });

  it('an API error the baseline reported and the PR swallows fails; one swallowed before too is not news', () => {
    const reported = sweep([
      entry('list_radios', { probes: [{ status: 403, result: 'reported' }] }),
      entry('list_devices'),
    ]);
    const swallows = sweep([
      entry('list_radios', { probes: [{ status: 403, result: 'swallowed', answer: '[]' }] }),
      entry('list_devices'),
    ]);
    expect(reasons(swallows, reported)).toEqual([
      `reference sweep: list_radios (site-a) ok (API 403 reported) → swallowed (API 403); GET ${RADIOS}; its first API call answered 403, it answered "[]"`,
    ]);
    expect(reasons(swallows, swallows)).toEqual([]);
  });

  it('state values the baseline showed and the PR shows nowhere are data lost; a report without states compares none', () => {
    const devices = (states?: string[]) =>
      sweep([entry('list_devices', states === undefined ? {} : { states })]);
    expect(reasons(devices([]), devices(['OFFLINE', 'ONLINE']))).toEqual([
      'reference sweep: list_devices (site-a) lost 2 value(s) the baseline showed, e.g. "OFFLINE (a state)", "ONLINE (a state)"',
    ]);
    expect(reasons(devices(['offline', 'online']), devices(['OFFLINE', 'ONLINE']))).toEqual([]);
    expect(reasons(devices(), devices(['OFFLINE', 'ONLINE']))).toEqual([]);
  });

  it('a no-data tool (probed since it reached the API) that now swallows an error fails, named with its outcome', () => {
    const profile = (result: 'reported' | 'swallowed') =>
      sweep([
        entry('get_wlan_config', {
          outcome: 'no-data',
          served: 0,
          shown: [],
          probes: [{ status: 403, result, ...(result === 'swallowed' ? { answer: '{}' } : {}) }],
        }),
      ]);
    expect(reasons(profile('swallowed'), profile('reported'))).toEqual([
      `reference sweep: get_wlan_config (site-a) no-data (API 403 reported) → swallowed (API 403); GET ${RADIOS}; its first API call answered 403, it answered "{}"`,
    ]);
  });

  it('the 500 probe: a 5xx swallowed, or no answer within the call timeout, fails; one timed out before too is not news', () => {
    const probed = (result: 'reported' | 'swallowed' | 'timeout') =>
      sweep([
        entry('list_radios', {
          probes: [
            { status: 403, result: 'reported' },
            { status: 500, result, ...(result === 'swallowed' ? { answer: '[]' } : {}) },
          ],
        }),
        entry('list_devices'),
      ]);
    expect(reasons(probed('swallowed'), probed('reported'))).toEqual([
      `reference sweep: list_radios (site-a) ok (API 500 reported) → swallowed (API 500); GET ${RADIOS}; its first API call and its retry answered 500, it answered "[]"`,
    ]);
    expect(reasons(probed('timeout'), probed('reported'))).toEqual([
      `reference sweep: list_radios (site-a) ok (API 500 reported) → timeout (API 500); GET ${RADIOS}; its first API call and its retry answered 500, it did not answer within the call timeout`,
    ]);
    expect(reasons(probed('timeout'), probed('timeout'))).toEqual([]);
    // A baseline made before the 500 probe existed has none to compare with.
    const old = sweep([
      entry('list_radios', { probes: [{ status: 403, result: 'reported' }] }),
      entry('list_devices'),
    ]);
    expect(reasons(probed('timeout'), old)).toEqual([]);
  });

  it('a filter the baseline narrowed with and the PR ignores (or fails on) fails, naming the argument', () => {
    const filtered = (result: 'narrowed' | 'ignored' | 'failed', values?: number) =>
      sweep([
        entry('list_radios', {
          filters: [
            { argument: 'status', value: 'Up', result: 'ignored', values: 3 },
            {
              argument: 'site_id',
              value: '2459302564',
              result,
              ...(values === undefined ? {} : { values }),
              ...(result === 'failed' ? { error: 'error: site_id: unknown site' } : {}),
            },
          ],
        }),
        entry('list_devices'),
      ]);
    expect(reasons(filtered('ignored', 3), filtered('narrowed', 2))).toEqual([
      `reference sweep: list_radios (site-a) ok (filter site_id narrowed) → filter-ignored (site_id); GET ${RADIOS}; called with site_id="2459302564" it still showed all 3 values it showed without (the baseline's answer left 2 out)`,
    ]);
    expect(reasons(filtered('failed'), filtered('narrowed', 2))).toEqual([
      `reference sweep: list_radios (site-a) ok (filter site_id narrowed) → filter-failed (site_id); GET ${RADIOS}; called with site_id="2459302564" it failed: error: site_id: unknown site`,
    ]);
    // A filter that never narrowed (status here, site_id in the baseline) is not news.
    expect(reasons(filtered('ignored', 3), filtered('ignored', 3))).toEqual([]);
    expect(reasons(filtered('narrowed', 1), filtered('narrowed', 2))).toEqual([]);
  });

  it('an answer whole under short pages in the baseline and truncated (or failed) in the PR fails', () => {
    const paged = (pages: SweepToolResult['pages']) =>
      sweep([entry('list_radios', pages === undefined ? {} : { pages }), entry('list_devices')]);
    const whole = paged({ pages: 3, result: 'whole', values: 3 });
    const truncated = paged({
      pages: 3,
      result: 'truncated',
      values: 2,
      missing: ['AP-2', 'AP-3'],
    });
    expect(reasons(truncated, whole)).toEqual([
      `reference sweep: list_radios (site-a) ok (short pages whole) → truncated; GET ${RADIOS}; served in 3 short pages it lost 2 value(s) it showed with full pages, e.g. "AP-2", "AP-3"`,
    ]);
    const failed = paged({ pages: 3, result: 'failed', error: 'timeout: did not answer' });
    expect(reasons(failed, whole)).toEqual([
      `reference sweep: list_radios (site-a) ok (short pages whole) → pages-failed; GET ${RADIOS}; served in 3 short pages it failed: timeout: did not answer`,
    ]);
    // Truncated before too (a server that never paged), or not probed on either side: not news.
    expect(reasons(truncated, truncated)).toEqual([]);
    expect(reasons(truncated, paged(undefined))).toEqual([]);
    expect(reasons(paged(undefined), whole)).toEqual([]);
    expect(reasons(whole, whole)).toEqual([]);
  });
  it('a write that changed the state in the baseline and now changes nothing or something else fails', () => {
    const PATCH = '/network-config/v1alpha1/wlan-ssids/{id}';
    const write = (changed: string[], outcome: SweepToolResult['outcome'] = 'ok') =>
      sweep([
        entry('update_wlan', {
          outcome,
          arguments: { ssid: 'Corp' },
          calls: [{ method: 'PATCH', path: PATCH, query: [], status: 200 }],
          shown: [],
          changed,
        }),
      ]);
    const corp = 'wlan-ssids essid.name=Corp: modified (vlan)';
    const base = write([corp]);
    expect(reasons(write([], 'no-data'), base)).toEqual([
      `reference sweep: update_wlan (site-a) ok → no-data; PATCH ${PATCH}`,
    ]);
    expect(reasons(write([]), base)).toEqual([
      `reference sweep: update_wlan (site-a) ok (changed ${corp}) → no-change; PATCH ${PATCH}; its write changed nothing in the fake`,
    ]);
    const guest = 'wlan-ssids essid.name=Guest: modified (vlan)';
    expect(reasons(write([guest]), base)).toEqual([
      `reference sweep: update_wlan (site-a) ok (changed ${corp}) → changed-other; PATCH ${PATCH}; it changed ${guest}, not ${corp}`,
    ]);
    const body = 'wlan-ssids essid.name=Corp: modified (vlan, vlanId)';
    expect(reasons(write([body]), base)).toEqual([
      `reference sweep: update_wlan (site-a) ok (changed ${corp}) → changed-other; PATCH ${PATCH}; it changed ${body}, not ${corp}`,
    ]);
    // The same change, or a baseline that changed nothing (or had no state diff), is not news.
    expect(reasons(write([corp]), base)).toEqual([]);
    expect(reasons(write([guest]), write([], 'no-data'))).toEqual([]);
    expect(
      reasons(write([]), sweep([entry('update_wlan', { arguments: { ssid: 'Corp' }, shown: [] })])),
    ).toEqual([]);
  });

  it('a write with the right fields but a wrong value fails; one failing in the baseline too is listed, not gated', () => {
    const PATCH = '/network-config/v1alpha1/alerts/priority';
    const line = 'alerts id=A1: modified (priority)';
    const wrong = 'alerts id=A1: priority is "Very Low", the call sent "Low" (priority)';
    const write = (outcome: SweepToolResult['outcome'], error?: string) =>
      sweep([
        entry('set_alert_priority', {
          outcome,
          arguments: { keys: ['A1'], priority: 'Low' },
          calls: [{ method: 'POST', path: PATCH, query: [], status: 200 }],
          shown: [],
          changed: [line],
          ...(error === undefined ? {} : { error }),
        }),
      ]);
    expect(reasons(write('wrong-value', wrong), write('ok'))).toEqual([
      `reference sweep: set_alert_priority (site-a) ok → wrong-value; POST ${PATCH}; ${wrong}`,
    ]);
    // Wrong in the baseline too: no regression, and the comparison says so.
    const both = compareSweeps(
      withSweep(write('wrong-value', wrong)),
      withSweep(write('wrong-value', wrong)),
      [],
    );
    expect(sweepReasons(both)).toEqual([]);
    expect(both[0]?.writesFailingBefore).toMatchObject([
      { tool: 'set_alert_priority', baseline: 'wrong-value', current: 'wrong-value' },
    ]);
    const failing = compareSweeps(withSweep(write('error')), withSweep(write('error')), []);
    expect(sweepReasons(failing)).toEqual([]);
    expect(failing[0]?.writesFailingBefore.map((c) => c.tool)).toEqual(['set_alert_priority']);
  });

  it('an unsafe tool new on the menu fails; a new tool otherwise is only listed', () => {
    const leak = 'its answer carried a secret (bearer token)';
    const pr = sweep([
      ...BASE.tools,
      entry('list_aps'),
      entry('dump_config', { outcome: 'unsafe', error: leak }),
    ]);
    expect(reasons(pr)).toEqual([
      `reference sweep: dump_config (site-a) new → unsafe; GET ${RADIOS}; ${leak}`,
    ]);
    expect(compareSweeps(withSweep(pr), withSweep(BASE), [])[0]?.added).toEqual([
      'list_aps',
      'dump_config',
    ]);
  });

  it('unsafe fails whatever the baseline said: an error or unstable tool that now leaks a secret', () => {
    const leak = 'its answer carried a secret (bearer token)';
    const erring = sweep([entry('list_radios', { outcome: 'error' }), entry('list_devices')]);
    const shaky = sweep([entry('list_radios', { outcome: 'unstable' }), entry('list_devices')]);
    const unsafe = sweep([
      entry('list_radios', { outcome: 'unsafe', error: leak }),
      entry('list_devices'),
    ]);
    const reason = `reference sweep: list_radios (site-a) error → unsafe; GET ${RADIOS}; ${leak}`;
    expect(reasons(unsafe, erring)).toEqual([reason]);
    expect(reasons(unsafe, shaky)).toEqual([reason.replace('error →', 'unstable →')]);
    expect(reasons(unsafe, unsafe)).toEqual([]);
  });

  it('unstable on either side is never gated', () => {
    expect(
      reasons(sweep([entry('list_radios', { outcome: 'unstable' }), entry('list_devices')])),
    ).toEqual([]);
  });

  it('a baseline without a sweep is not compared, and says so', () => {
    const [c] = compareSweeps(withSweep(BASE), withSweep(undefined), []);
    expect(c?.notCompared).toBe('not compared (baseline has no sweep)');
    expect(c?.line).toBe('sweep: 2/2 tools ok');
    expect(sweepReasons([c!])).toEqual([]);
  });
});

describe('the gate and the comment with a sweep', () => {
  const withServerSweep = (s: ServerSweep): Report => {
    const r = report();
    r.servers = r.servers.map((server, i) => (i === 0 ? { ...server, sweep: s } : server));
    return r;
  };
  const broken = sweep([
    entry('list_radios', { outcome: 'empty', shown: [] }),
    entry('list_devices'),
  ]);

  it('fails the check on a broken tool and puts the sweep line on the first screen', () => {
    const verdict = compareToBaseline(
      withServerSweep(broken),
      base(withServerSweep(BASE)),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.status).toBe('fail');
    const comment = renderComment(withServerSweep(broken), verdict);
    const name = report().servers[0]!.name;
    expect(comment).toContain(`- \`${name}\` sweep: 1/2 tools ok, 1 empty`);
    expect(comment.indexOf('sweep: 1/2 tools ok')).toBeLessThan(comment.indexOf('### Suites'));
    expect(comment).toContain(
      `${name} sweep: list_radios (site-a) ok → empty; GET /network-monitoring/v1/radios`,
    );
    expect(comment).toContain(`### Tool sweep: ${name}`);
  });

  it('says in the comment that a write failing in the baseline too is not gated', () => {
    const failing = sweep([
      ...BASE.tools,
      entry('create_wlan', { outcome: 'error', error: 'HTTP 400', shown: [], changed: [] }),
    ]);
    const verdict = compareToBaseline(
      withServerSweep(failing),
      base(withServerSweep(failing)),
      DEFAULT_THRESHOLDS,
    );
    expect(verdict.status).toBe('pass');
    const comment = renderComment(withServerSweep(failing), verdict);
    expect(comment).toContain(
      '1 write(s) not ok in the baseline either: not gated (no regression)',
    );
    expect(comment).toMatch(/`create_wlan` \| site-a \| error → error \|.*HTTP 400/);
  });

  it('passes an unchanged sweep; retired tools come from the thresholds', () => {
    expect(
      compareToBaseline(withServerSweep(BASE), base(withServerSweep(BASE)), DEFAULT_THRESHOLDS)
        .status,
    ).toBe('pass');
    const gone = sweep([entry('list_devices')]);
    const thresholds = parseThresholds('retired:\n  tools: [list_radios]');
    expect(
      compareToBaseline(withServerSweep(gone), base(withServerSweep(BASE)), thresholds).status,
    ).toBe('pass');
    expect(
      compareToBaseline(withServerSweep(gone), base(withServerSweep(BASE)), DEFAULT_THRESHOLDS)
        .status,
    ).toBe('fail');
  });
});
