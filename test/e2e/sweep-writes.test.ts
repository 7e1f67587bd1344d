// needs: processes
/**
 * Write tools under `--sweep all`, judged by the fake's state diff, end to end: a copy of the
 * TypeScript reference server (writes enabled as its built-in config enables them) is
 * benchmarked as the baseline, then PR copies send a write to the wrong item, or the right item a
 * wrong value. Each write runs on its own freshly reset fake; what it changed there is its
 * `changed`, and a write that changed the state in the baseline and now fails, changes nothing,
 * changes something else or writes a value it was not sent (`wrong-value`) fails the gate,
 * named. An unchanged copy passes; a write failing in the baseline too is no regression.
 *
 * The five benches (the baseline and the four copies) are independent: each its own copy, server
 * and fakes. The tests register their copies (`prCopy`) and `beforeAll` starts them all, two at
 * a time in test order, as sweep-gate.test.ts does; each test awaits its own report.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patch } from '../../scripts/bench-gate/catalogue.js';
import { serverCopy } from '../../scripts/bench-gate/server-copy.js';
import { packageRoot } from '../../src/common/package-root.js';
import { loadBenchConfig } from '../../src/config/load-bench-config.js';
import { compareToBaseline } from '../../src/gate/compare-to-baseline.js';
import { GATE_RULES } from '../../src/gate/rules.js';
import { DEFAULT_THRESHOLDS } from '../../src/gate/thresholds.js';
import type { Report } from '../../src/report/types.js';
import { silentLogger } from '../../src/run/ports.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import type { Scenario } from '../../src/scenarios/types.js';
import { atMost } from '../helpers/at-most.js';

const ROOT = packageRoot();
/** Two of site-a's alert keys: `set_alert_priority` needs keys the sweep cannot infer. */
const KEYS = ['d9b5d1b9-a6c0-4e09-b648-6596916dfbb0', '768905b2-4601-4c8e-a059-52acef83dc2a'];

let scratch: string;
let scenarios: Scenario[];
let baseline: Report;

/** The PR copies the tests registered, in test order, each with its bench once started. */
const prs: { name: string; patches: Patch[]; report?: Promise<Report> }[] = [];

/**
 * Registers a PR copy for `beforeAll` to bench with the baseline, two at a time (each bench is
 * its own server copy and its own fakes, independent of the others, and mostly waits on them):
 * the test awaits the returned function's report.
 */
function prCopy(name: string, patches: Patch[] = []): () => Promise<Report> {
  const entry: (typeof prs)[number] = { name, patches };
  prs.push(entry);
  return () => {
    if (!entry.report) throw new Error(`${name}: beforeAll did not start its bench`);
    return entry.report;
  };
}

/** A copy of the TypeScript reference server with `patches`, benchmarked under `--sweep all`. */
async function bench(name: string, patches: Patch[] = []): Promise<Report> {
  const configPath = await serverCopy(ROOT, 'typescript', join(scratch, name), patches);
  // The server entry is the config's last: its `sweep:` gives the alert keys.
  const text = await readFile(configPath, 'utf8');
  await writeFile(
    configPath,
    `${text}    sweep:\n      args:\n        set_alert_priority: { keys: ${JSON.stringify(KEYS)}, priority: Low }\n`,
  );
  const config = await loadBenchConfig(configPath);
  return runBench(
    {
      config,
      servers: ['reference'],
      scenarios,
      runs: 1,
      allowFewRuns: true,
      root: ROOT,
      cwd: ROOT,
      sandbox: 'off',
      sweep: 'all',
    },
    { logger: silentLogger },
  );
}

function gate(pr: Report) {
  const rules = GATE_RULES.filter((r) => r.name !== 'enough-runs');
  return compareToBaseline(
    pr,
    { report: baseline, sha: 'base', savedAt: baseline.generated_at },
    DEFAULT_THRESHOLDS,
    rules,
  );
}

const entry = (report: Report, tool: string) =>
  report.servers[0]?.sweep?.tools.find((t) => t.tool === tool && t.fixture === 'site-a');

beforeAll(async () => {
  // Inside the package: the TypeScript copy is bundled with esbuild, which resolves its imports.
  await mkdir(join(ROOT, '.bench'), { recursive: true });
  scratch = await mkdtemp(join(ROOT, '.bench', 'sweep-writes-'));
  const loaded = await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT });
  scenarios = loaded.scenarios.filter((s) => s.id === 'client-diagnosis-001');
  expect(scenarios).toHaveLength(1);
  const twoAtATime = atMost(2);
  const base = twoAtATime(() => bench('base'));
  for (const entry of prs) {
    entry.report = twoAtATime(() => bench(entry.name, entry.patches));
    // Its test reads the failure; until then it is not an unhandled rejection.
    entry.report.catch(() => undefined);
  }
  baseline = await base;
}, 180_000);

afterAll(async () => {
  // No bench left running (a test that failed early did not await its own) into the removal.
  await Promise.allSettled(prs.flatMap((entry) => (entry.report ? [entry.report] : [])));
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('write tools under --sweep all are judged by the fake state diff (TypeScript reference copy)', () => {
  it('the baseline: each write ok by what it changed in its own fresh fake', () => {
    expect(entry(baseline, 'delete_wlan')).toMatchObject({
      outcome: 'ok',
      changed: ['wlan-ssids ssid=Corp-Secure: removed'],
    });
    // Two alerts, by their identity field, with the fields the priority write touched.
    const alerts = entry(baseline, 'set_alert_priority');
    expect(alerts?.outcome).toBe('ok');
    expect(alerts?.changed).toHaveLength(2);
    for (const line of alerts?.changed ?? [])
      expect(line).toMatch(/^alerts id=\S+: modified \(.*priority.*\)$/);
    // A write that failed changed nothing, and says so.
    expect(entry(baseline, 'create_wlan')).toMatchObject({ outcome: 'error', changed: [] });
  });

  const same = prCopy('same');
  it('an unchanged copy passes; a write failing in the baseline too is listed as such, not gated', async () => {
    const verdict = gate(await same());
    expect(verdict.reasons).toEqual([]);
    expect(verdict.status).toBe('pass');
    const sweep = verdict.sweep?.[0];
    expect(sweep?.writesFailingBefore.map((c) => c.tool)).toContain('create_wlan');
  }, 120_000);

  const wrongValue = prCopy('priority-wrong-value', [
    {
      file: 'tools/alerts.ts',
      find: '{ keys: a.keys, priority: a.priority }',
      replace: "{ keys: a.keys, priority: a.priority === 'Low' ? 'Very Low' : a.priority }",
    },
  ]);
  it('the right alerts given a value other than the one sent fails: wrong-value, naming it', async () => {
    const pr = await wrongValue();
    // The same alerts, the same fields: only the value differs from what the call was sent.
    expect(entry(pr, 'set_alert_priority')?.changed).toEqual(
      entry(baseline, 'set_alert_priority')?.changed,
    );
    expect(entry(pr, 'set_alert_priority')?.outcome).toBe('wrong-value');
    const verdict = gate(pr);
    expect(verdict.status).toBe('fail');
    const reason = verdict.reasons.find((r) => r.includes('set_alert_priority'));
    expect(reason).toMatch(
      /^reference sweep: set_alert_priority \(site-a\) ok → wrong-value; .*; alerts id=\S+: priority is "Very Low", the call sent "Low" \(priority\) \(\+1 more\)$/,
    );
  }, 120_000);

  const deleteLower = prCopy('delete-lower-ssid', [
    {
      file: 'tools/wlan-change.ts',
      find: 'path: `${SSIDS}/${seg(a.ssid)}` });',
      replace: 'path: `${SSIDS}/${seg(a.ssid.toLowerCase())}` });',
    },
  ]);
  it('a delete sent to the wrong id fails: it changed the state, now it errs', async () => {
    const pr = await deleteLower();
    expect(entry(pr, 'delete_wlan')).toMatchObject({ outcome: 'error', changed: [] });
    const verdict = gate(pr);
    expect(verdict.status).toBe('fail');
    expect(verdict.reasons).toContainEqual(
      'reference sweep: delete_wlan (site-a) ok → error; DELETE /network-config/v1alpha1/wlan-ssids/Corp-Secure → DELETE /network-config/v1alpha1/wlan-ssids/corp-secure; delete_wlan: DELETE /network-config/v1alpha1/wlan-ssids/corp-secure failed: HTTP 404 ERR_CN003: Not found: corp-secure',
    );
  }, 120_000);

  const firstKey = prCopy('priority-first-key', [
    {
      file: 'tools/alerts.ts',
      find: '{ keys: a.keys, priority: a.priority }',
      replace: '{ keys: a.keys.slice(0, 1), priority: a.priority }',
    },
  ]);
  it('a write sent to fewer items than asked fails: changed-other, naming the item left alone', async () => {
    const pr = await firstKey();
    // Its answer is no different: the tool still says it set both.
    expect(entry(pr, 'set_alert_priority')?.outcome).toBe('ok');
    const verdict = gate(pr);
    expect(verdict.status).toBe('fail');
    // It changed one of the two alerts the baseline's call changed, and names the other.
    const [a, b] = entry(baseline, 'set_alert_priority')?.changed ?? [];
    const reason = verdict.reasons.find((r) => r.includes('set_alert_priority'));
    expect(reason).toMatch(
      /^reference sweep: set_alert_priority \(site-a\) ok \(changed .*\) → changed-other; .*; it changed alerts id=\S+: modified \(.*\), not alerts id=\S+: modified \(.*\)$/,
    );
    expect([`it changed ${a}, not ${b}`, `it changed ${b}, not ${a}`]).toContainEqual(
      reason?.slice(reason.indexOf('it changed ')),
    );
  }, 120_000);
});
