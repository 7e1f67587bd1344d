// needs: processes
/**
 * The tool sweep and its gate end to end: a copy of the Python reference server gains a read
 * tool no scenario names (the APs of a site, with a site filter), is benchmarked with the sweep
 * as the baseline, then PR copies break that tool the way real PRs do. Each broken PR fails the
 * gate with the tool and its outcome named; an unchanged copy passes. One scenario, one run, one
 * bundle: the scenario is only there so the bench has something to run besides the sweep.
 *
 * The benches are independent (the gate compares their reports afterwards) and mostly wait on
 * the fake and the Python server, so the file starts them all up front, two at a time in the
 * order of the tests (`pr()` registers a test's copy; `beforeAll` starts them), and each test
 * awaits its own: one after the other they took 111 s of the processes project.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/common/package-root.js';
import { parseBenchConfig } from '../../src/config/load-bench-config.js';
import { compareToBaseline } from '../../src/gate/compare-to-baseline.js';
import { renderComment } from '../../src/gate/render-comment.js';
import { GATE_RULES } from '../../src/gate/rules.js';
import { DEFAULT_THRESHOLDS } from '../../src/gate/thresholds.js';
import type { Report } from '../../src/report/types.js';
import { silentLogger } from '../../src/run/ports.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import type { Scenario } from '../../src/scenarios/types.js';
import { atMost } from '../helpers/at-most.js';
import { pythonReferenceEntry } from '../helpers/python-reference-entry.js';

const ROOT = packageRoot();
const SERVER = join(ROOT, 'examples', 'python-reference-server');
const TOOL = 'list_site_aps';

/** The new tool: a site's APs (optional site filter), every page, four fields each. */
const SITE_APS = `"""The APs of a site: a read tool no scenario names (the sweep's end-to-end test adds it)."""

from __future__ import annotations

from ..paging import collect_cursor
from ..shapes import list_result, odata_filter, pick
from .define_tool import ToolContext, define_read_tool

FIELDS = ("serialNumber", "deviceName", "status", "siteName")


def register(ctx: ToolContext) -> None:
    @define_read_tool(
        ctx,
        name="${TOOL}",
        title="List a site's access points",
        description="Access points with serial, name and status, optionally of one site.",
    )
    async def ${TOOL}(site_id: str | None = None) -> object:
        found = await collect_cursor(
            ctx.central,
            "/network-monitoring/v1/aps",
            page_size=1000,
            query={"filter": odata_filter({"siteId": site_id})},
        )
        return list_result(found, lambda a: pick(a, FIELDS), "aps")
`;

let scratch: string;
let scenarios: Scenario[];
let baseline: Report;

type Edit = (tool: string) => string | null;
type Patch = (dir: string) => Promise<void>;
/** The PR copies the tests registered, in test order, each with its bench once started. */
const prs: { name: string; edit: Edit; patch?: Patch; report?: Promise<Report> }[] = [];

/**
 * Registers a PR copy (see {@link serverCopy}) for `beforeAll` to bench; the test awaits the
 * returned function's report.
 */
function pr(name: string, edit: Edit, patch?: Patch): () => Promise<Report> {
  const entry: (typeof prs)[number] = { name, edit, ...(patch ? { patch } : {}) };
  prs.push(entry);
  return () => {
    if (!entry.report) throw new Error(`${name}: beforeAll did not start its bench`);
    return entry.report;
  };
}

/**
 * A copy of the Python reference server with the new tool, changed by `edit` (the PR), its other
 * files by `patch`.
 */
async function serverCopy(name: string, edit: Edit, patch?: Patch): Promise<string> {
  const dir = join(scratch, name);
  await cp(SERVER, dir, {
    recursive: true,
    filter: (src) => !src.includes('__pycache__'),
  });
  await patch?.(dir);
  const tool = edit(SITE_APS);
  const app = join(dir, 'hpe_reference_py', 'app.py');
  let text = await readFile(app, 'utf8');
  if (tool !== null) {
    await writeFile(join(dir, 'hpe_reference_py', 'tools', 'site_aps.py'), tool);
    text = text
      .replace(
        '    incident_response,\n    site_device_health,',
        '    incident_response,\n    site_aps,\n    site_device_health,',
      )
      .replace(
        '        alerts,\n        incident_response,\n    ):',
        '        alerts,\n        incident_response,\n        site_aps,\n    ):',
      );
    // Benched in the background (beforeAll): an error, not an assertion outside its test.
    if (!text.includes('site_aps,\n    ):')) throw new Error('app.py: the tool list not found');
    await writeFile(app, text);
  }
  return dir;
}

async function bench(name: string, edit: Edit, patch?: Patch): Promise<Report> {
  const dir = await serverCopy(name, edit, patch);
  const config = parseBenchConfig(
    join(scratch, `${name}.yml`),
    ['servers:', ...pythonReferenceEntry('python-reference', dir), ''].join('\n'),
  );
  return runBench(
    {
      config,
      servers: ['python-reference'],
      scenarios,
      runs: 1,
      allowFewRuns: true,
      root: ROOT,
      cwd: ROOT,
      sandbox: 'off',
      sweep: 'read',
    },
    { logger: silentLogger },
  );
}

/** The gate as `compare` applies it, less the five-runs rule (these reports have one run). */
function gate(pr: Report, against: Report = baseline) {
  const rules = GATE_RULES.filter((r) => r.name !== 'enough-runs');
  const verdict = compareToBaseline(
    pr,
    { report: against, sha: 'base', savedAt: against.generated_at },
    DEFAULT_THRESHOLDS,
    rules,
  );
  return { verdict, comment: renderComment(pr, verdict) };
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'sweep-gate-'));
  const loaded = await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT });
  scenarios = loaded.scenarios.filter((s) => s.id === 'client-diagnosis-001');
  expect(scenarios).toHaveLength(1);
  const twoAtATime = atMost(2);
  const base = twoAtATime(() => bench('base', (tool) => tool));
  for (const entry of prs) {
    entry.report = twoAtATime(() => bench(entry.name, entry.edit, entry.patch));
    // Its test reads the failure; until then it is not an unhandled rejection.
    entry.report.catch(() => undefined);
  }
  baseline = await base;
}, 120_000);

afterAll(async () => {
  // No bench left running (a test that failed early did not await its own) into the removal.
  await Promise.allSettled(prs.flatMap((entry) => (entry.report ? [entry.report] : [])));
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 300_000);

const entry = (report: Report) =>
  report.servers[0]?.sweep?.tools.find((t) => t.tool === TOOL && t.fixture === 'site-a');

describe('the sweep gates a tool no scenario names (Python reference server copy)', () => {
  it('the baseline sweeps the new tool ok, and no scenario names it', () => {
    expect(scenarios.some((s) => JSON.stringify(s).includes(TOOL))).toBe(false);
    expect(entry(baseline)).toMatchObject({ outcome: 'ok', arguments: {} });
    expect(entry(baseline)?.shown.length).toBeGreaterThan(10);
    // site-a's APs are on two sites: the sweep's site filter narrows the answer.
    expect(entry(baseline)?.filters).toEqual([
      { argument: 'site_id', value: '2459302564', result: 'narrowed', values: expect.any(Number) },
    ]);
    // It follows `next`: served in short pages, it shows every value it showed with full pages.
    expect(entry(baseline)?.pages).toEqual({
      pages: 3,
      result: 'whole',
      values: entry(baseline)?.shown.length,
    });
    // So does every tool of the reference server that reads a paged list, offset lists included
    // (a page under `limit` is not the last while `total` says more).
    const paged = baseline.servers[0]?.sweep?.tools.filter((t) => t.pages !== undefined) ?? [];
    expect(paged.map((t) => t.tool)).toContain('list_sites_health');
    expect(paged.filter((t) => t.pages?.result !== 'whole')).toEqual([]);
  });

  const same = pr('same', (tool) => tool);
  it('an unchanged copy passes', async () => {
    const { verdict } = gate(await same());
    expect(verdict.reasons).toEqual([]);
    expect(verdict.status).toBe('pass');
  }, 60_000);

  const wrongPath = pr('wrong-path', (tool) =>
    tool.replace('"/network-monitoring/v1/aps"', '"/network-monitoring/v1/ap"'),
  );
  it('a wrong path fails: route-miss, with the calls that changed', async () => {
    const { verdict, comment } = gate(await wrongPath());
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      expect.stringContaining(
        `python-reference sweep: ${TOOL} (site-a) ok → route-miss; GET /network-monitoring/v1/aps → GET /network-monitoring/v1/ap: route miss`,
      ),
    );
    expect(comment).toContain(`${TOOL} (site-a) ok → route-miss`);
  }, 60_000);

  const wrongField = pr('wrong-field', (tool) =>
    tool.replace('("serialNumber", "deviceName"', '("serial", "deviceName"'),
  );
  it('a field read from the wrong key fails: data lost, with examples', async () => {
    const { verdict } = gate(await wrongField());
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `python-reference sweep: ${TOOL} \\(site-a\\) lost \\d+ value\\(s\\) the baseline showed, e\\.g\\. "CN`,
        ),
      ),
    );
  }, 60_000);

  const swallowed = pr('swallowed', (tool) =>
    tool.replace(
      / {8}found = await collect_cursor\(([\s\S]*?)\n {8}\)\n/,
      (_all, args: string) =>
        `        try:\n            found = await collect_cursor(${args.replace(/\n/g, '\n    ')}\n            )\n        except Exception:\n            return {"total": 0, "returned": 0, "aps": []}\n`,
    ),
  );
  it('an API error turned into an empty list fails: swallowed, with what it answered', async () => {
    expect(entry(baseline)?.probes).toContainEqual({ status: 403, result: 'reported' });
    const report = await swallowed();
    expect(entry(report)?.outcome).toBe('ok');
    const { verdict } = gate(report);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      `python-reference sweep: ${TOOL} (site-a) ok (API 403 reported) → swallowed (API 403); GET /network-monitoring/v1/aps; its first API call answered 403, it answered ${JSON.stringify('{"total":0,"returned":0,"aps":[]}')}`,
    );
  }, 60_000);

  const swallowed5xx = pr('swallowed-5xx', (tool) =>
    tool
      .replace(
        'from ..paging import collect_cursor',
        'from ..central_client import CentralApiError\nfrom ..paging import collect_cursor',
      )
      .replace(
        / {8}found = await collect_cursor\(([\s\S]*?)\n {8}\)\n/,
        (_all, args: string) =>
          `        try:\n            found = await collect_cursor(${args.replace(/\n/g, '\n    ')}\n            )\n        except CentralApiError as error:\n            if error.status < 500:\n                raise\n            return {"total": 0, "returned": 0, "aps": []}\n`,
      ),
  );
  it('a 5xx turned into an empty list (a 4xx still reported) fails: swallowed under the 500 probe', async () => {
    expect(entry(baseline)?.probes).toContainEqual({ status: 500, result: 'reported' });
    const report = await swallowed5xx();
    expect(entry(report)?.probes).toContainEqual({ status: 403, result: 'reported' });
    const { verdict } = gate(report);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      `python-reference sweep: ${TOOL} (site-a) ok (API 500 reported) → swallowed (API 500); GET /network-monitoring/v1/aps; its first API call and its retry answered 500, it answered ${JSON.stringify('{"total":0,"returned":0,"aps":[]}')}`,
    );
  }, 60_000);

  const retryDelay = pr(
    'retry-delay',
    (tool) => tool,
    async (dir) => {
      const file = join(dir, 'hpe_reference_py', 'central_client.py');
      const text = await readFile(file, 'utf8');
      const slow = text.replace(
        'server_error_delay_s: float = 0.25',
        'server_error_delay_s: float = 250.0',
      );
      if (slow === text) throw new Error('central_client.py: server_error_delay_s not found');
      await writeFile(file, slow);
    },
  );
  it('a 5xx back-off past the call timeout fails: the first tool 500-probed times out, and no other waits', async () => {
    const report = await retryDelay();
    const probed = report.servers[0]?.sweep?.tools.filter((t) =>
      t.probes?.some((p) => p.status === 500),
    );
    expect(probed?.map((t) => [t.tool, t.probes?.find((p) => p.status === 500)?.result])).toEqual([
      ['get_ap', 'timeout'],
    ]);
    const { verdict } = gate(report);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      'python-reference sweep: get_ap (site-a) ok (API 500 reported) → timeout (API 500); GET /network-monitoring/v1/aps/{id}; its first API call and its retry answered 500, it did not answer within the call timeout',
    );
  }, 60_000);

  // The tool puts its token into the API error, and errors are no longer redacted: the 403
  // probe's answer carries the token the fake issued.
  const tokenInError = pr(
    'token-in-error',
    (tool) =>
      tool.replace(
        / {8}found = await collect_cursor\(([\s\S]*?)\n {8}\)\n/,
        (_all, args: string) =>
          `        try:\n            found = await collect_cursor(${args.replace(/\n/g, '\n    ')}\n            )\n        except Exception as error:\n            raise RuntimeError(f"{error} (Authorization: Bearer {await ctx.central._get_token()})") from error\n`,
      ),
    async (dir) => {
      const file = join(dir, 'hpe_reference_py', 'tools', 'define_tool.py');
      const text = await readFile(file, 'utf8');
      const unredacted = text.replace(
        'text=ctx.redactor.redact_text(f"{tool}: {message}")',
        'text=f"{tool}: {message}"',
      );
      if (unredacted === text) throw new Error('define_tool.py: the redact_text call not found');
      await writeFile(file, unredacted);
    },
  );
  it('a bearer token in an error answer fails: unsafe, named, and the sweep holds no token', async () => {
    const report = await tokenInError();
    const leak = `its answer to the API 403 probe carried a secret (bearer token)`;
    expect(entry(report)).toMatchObject({ outcome: 'unsafe', error: leak });
    const { verdict, comment } = gate(report);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      `python-reference sweep: ${TOOL} (site-a) ok → unsafe; GET /network-monitoring/v1/aps; ${leak}`,
    );
    // The tokens the fake issues are fake-central-… / fake-glp-…: none is in the report or comment.
    for (const text of [JSON.stringify(report), comment])
      expect(text).not.toMatch(/fake-(?:central|glp)-[A-Za-z0-9_-]{20}/);
  }, 60_000);

  // The py-secret-header-upstream plant (scripts/bench-gate/planted.yml): the client id and
  // secret as headers on every API request. No answer carries them; the fake's call log does.
  const secretHeader = pr(
    'secret-header',
    (tool) => tool,
    async (dir) => {
      const file = join(dir, 'hpe_reference_py', 'central_client.py');
      const text = await readFile(file, 'utf8');
      const leaky = text.replace(
        'headers={"User-Agent": SERVER_NAME},',
        'headers={"User-Agent": SERVER_NAME, "X-Client-Id": config.client_id, "X-Client-Secret": config.client_secret},',
      );
      if (leaky === text) throw new Error('central_client.py: the client headers not found');
      await writeFile(file, leaky);
    },
  );
  it('the client secret sent to the API as a header fails: a safety finding, and every tool unsafe', async () => {
    const report = await secretHeader();
    const [run] = report.scenarios[0]?.results[0]?.runs ?? [];
    expect(run?.safety_failure).toBe(true);
    expect(run?.safety_findings).toContainEqual({
      rule: 'credential_sent_to_api',
      detail: expect.stringMatching(
        /^GET \/network-monitoring\/v1\/\S+: the server sent the OAuth client secret to the API in header:x-client-secret( \(\d+ requests\))?; only the token endpoint may receive it$/,
      ),
    });
    // The client id is no secret (RFC 6749 §2.2): its header is not a finding.
    expect(JSON.stringify(run?.safety_findings)).not.toContain('x-client-id');
    expect(entry(report)).toMatchObject({
      outcome: 'unsafe',
      error: expect.stringContaining('in header:x-client-secret'),
    });
    const { verdict, comment } = gate(report);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual('python-reference: 1 scenario(s) with a safety failure');
    expect(verdict.reasons).toContainEqual(
      expect.stringContaining(`python-reference sweep: ${TOOL} (site-a) ok → unsafe;`),
    );
    for (const text of [JSON.stringify(report), comment])
      expect(text).not.toContain('CANARY-CLIENT-SECRET');
  }, 60_000);

  const filterDropped = pr('filter-dropped', (tool) =>
    tool.replace('query={"filter": odata_filter({"siteId": site_id})},', 'query={},'),
  );
  it('the site filter dropped fails: filter-ignored, naming the argument', async () => {
    const report = await filterDropped();
    expect(entry(report)?.outcome).toBe('ok');
    const { verdict, comment } = gate(report);
    expect(verdict.status).toBe('fail');
    const reason = `python-reference sweep: ${TOOL} (site-a) ok (filter site_id narrowed) → filter-ignored (site_id); GET /network-monitoring/v1/aps; called with site_id="2459302564" it still showed all`;
    expect(verdict.reasons).toContainEqual(expect.stringContaining(reason));
    expect(comment).toContain(`${TOOL} (site-a) ok (filter site_id narrowed) → filter-ignored`);
  }, 60_000);

  // One page of 1000 holds every AP of the bundle, so only short pages show the cut.
  const onePage = pr('one-page', (tool) =>
    tool
      .replace('from ..paging import collect_cursor', 'from ..paging import Collected')
      .replace(
        / {8}found = await collect_cursor\(([\s\S]*?)\n {8}\)\n/,
        [
          '        body = await ctx.central.get(',
          '            "/network-monitoring/v1/aps",',
          '            {"filter": odata_filter({"siteId": site_id}), "limit": 1000},',
          '        )',
          '        found = Collected(body.get("items", []), body.get("total"), False)',
          '',
        ].join('\n'),
      ),
  );
  it('the loop over pages cut to one page fails: truncated, with the values lost', async () => {
    const report = await onePage();
    expect(entry(report)).toMatchObject({ outcome: 'ok', shown: entry(baseline)?.shown });
    expect(entry(report)?.pages).toMatchObject({ result: 'truncated' });
    const { verdict, comment } = gate(report);
    expect(verdict.status).toBe('fail');
    const reason = `python-reference sweep: ${TOOL} (site-a) ok (short pages whole) → truncated; GET /network-monitoring/v1/aps; served in 3 short pages it lost`;
    expect(verdict.reasons).toContainEqual(expect.stringContaining(reason));
    expect(comment).toContain(`${TOOL} (site-a) ok (short pages whole) → truncated`);
  }, 60_000);

  const refused = pr('refused', (tool) =>
    tool.replace(
      'query={"filter": odata_filter({"siteId": site_id})},',
      'query={"site-id": site_id or "all"},',
    ),
  );
  it('a request the fake refuses as the API would fails: rejected, with the rule', async () => {
    const { verdict } = gate(await refused());
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      expect.stringContaining(
        `python-reference sweep: ${TOOL} (site-a) ok → rejected; GET /network-monitoring/v1/aps → GET /network-monitoring/v1/aps: refused (unknown-parameter at query:site-id)`,
      ),
    );
  }, 60_000);

  const removed = pr('removed', () => null);
  it('the tool removed from the menu fails', async () => {
    const { verdict } = gate(await removed());
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      `python-reference sweep: ${TOOL} is missing from the menu (declare a removal on purpose under "retired: {tools: [${TOOL}]}" in the thresholds)`,
    );
  }, 60_000);

  it('a tool new on the menu that leaks a token fails: new → unsafe (a safe new tool is only listed)', async () => {
    // The same two PRs, gated again: the one without the tool is now the baseline.
    const without = await removed();
    const leaking = await tokenInError();
    const { verdict } = gate(leaking, without);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      `python-reference sweep: ${TOOL} (site-a) new → unsafe; GET /network-monitoring/v1/aps; its answer to the API 403 probe carried a secret (bearer token)`,
    );
    expect(gate(baseline, without).verdict.status).toBe('pass');
  });
});
