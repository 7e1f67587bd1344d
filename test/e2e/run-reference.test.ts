// needs: processes
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBenchConfig } from '../../src/config/default-config.js';
import type { BenchConfig, StdioServerConfig } from '../../src/config/types.js';
import { silentLogger, type Logger } from '../../src/run/ports.js';
import { renderSummaryMarkdown } from '../../src/report/render-summary.js';
import { METHODOLOGY_VERSION } from '../../src/report/methodology.js';
import { stripTiming } from '../../src/report/strip-timing.js';
import type { Report } from '../../src/report/types.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { runBench } from '../../src/run/run-bench.js';
import type { RunBenchOptions } from '../../src/run/request/run-bench-options.js';
import { manifestHash } from '../../src/run/assemble/provenance.js';
import { serializeReport } from '../../src/report-io/write-report.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { packageRoot } from '../../src/common/package-root.js';
import type { Scenario } from '../../src/scenarios/types.js';
import { runCliCaptured } from '../helpers/run-cli.js';
import { bundledArgs } from '../helpers/bundled-servers.js';

const ROOT = packageRoot();
const READ = 'client-diagnosis-001';
const WRITE = 'nac-004'; // registers a MAC: the write gate, elicitation and a read-back
let golden: Scenario[];

beforeAll(async () => {
  const loaded = await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT });
  expect(loaded.errors).toEqual([]);
  golden = loaded.scenarios;
});

const pick = (...ids: string[]): Scenario[] => golden.filter((s) => ids.includes(s.id));

function bench(over: Partial<RunBenchOptions> = {}, logger: Logger = silentLogger) {
  return runBench(
    {
      config: defaultBenchConfig(ROOT),
      servers: ['reference'],
      scenarios: pick(READ, WRITE),
      runs: 2,
      allowFewRuns: true,
      // The sweep (test/e2e/sweep-gate.test.ts) only where a test is about the whole default run.
      sweep: 'off',
      root: ROOT,
      cwd: ROOT,
      ...over,
    },
    { logger },
  );
}

const tmp = () => mkdtemp(join(tmpdir(), 'run-e2e-'));

describe('hpe-mcp-bench run against the reference server', () => {
  it('warns about nothing on the default path: the reused token is an info line', async () => {
    const warnings: string[] = [];
    const infos: string[] = [];
    const logger = {
      ...silentLogger,
      warn: (m: string) => warnings.push(m),
      info: (m: string) => infos.push(m),
    };
    // The defaults of `run`: 5 runs, isolation scenario, sandbox auto.
    await bench({ runs: 5, allowFewRuns: false, sweep: 'read' }, logger);
    // Where the machine has no sandbox, saying so is the one warning that is right.
    expect(warnings.filter((w) => !w.startsWith('servers run without the sandbox'))).toEqual([]);
    expect(infos).toContain(
      "reference: 8 of 8 runs on a reused process skipped the token request of their scenario's first run (it kept its token): expected, not a finding.",
    );
  });

  it('writes a schema-valid report.json and summary.md and exits 0', async () => {
    const out = await tmp();
    const result = await runCliCaptured([
      'run',
      '--scenario',
      READ,
      '--scenario',
      WRITE,
      '--runs',
      '2',
      '--allow-few-runs',
      '--out',
      out,
    ]);
    expect(result.stderr).toContain(`[2/2] reference`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\| client-diagnosis +\| reference +\| +1\.00 \(1\/1\) \|/);
    expect(result.stdout).toContain(`report: ${join(out, 'report.json')}`);

    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as Report;
    expect(reportSchemaErrors(report)).toEqual([]);
    // manifest.hash covers every file of the manifest whole, not only the files of the selection.
    const everyFile = (await loadScenarios(['scenarios'], { root: ROOT, cwd: ROOT })).files;
    expect(report.manifest.files).toHaveLength(everyFile.length);
    expect(report.manifest).toMatchObject(await manifestHash(everyFile, ROOT, ROOT));
    expect(report.manifest.scenarios).toEqual([READ, WRITE]);
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    expect(report.harness).toEqual({
      name: 'hpe-mcp-bench',
      version: pkg.version,
      methodology_version: METHODOLOGY_VERSION,
    });
    expect(report.gating_eligible).toBe(false);
    // The defaults: one process per scenario, a worker per available core.
    expect(report.settings).toMatchObject({
      runs: 2,
      isolation: 'scenario',
      concurrency: availableParallelism(),
      tokenizer: 'cl100k_base',
      policy: { name: 'scripted' },
      faults: null,
    });
    const manifest = JSON.parse(
      await readFile(join(ROOT, 'fixtures/central/site-a/manifest.json'), 'utf8'),
    );
    expect(report.fixtures).toEqual([
      {
        path: 'fixtures/central/site-a',
        id: 'site-a',
        version: manifest.version,
        content_hash: manifest.contentHash,
      },
    ]);
    const [server] = report.servers;
    expect(server).toMatchObject({
      name: 'reference',
      transport: 'stdio',
      info: { name: 'hpe-reference-mcp' },
    });
    expect(server?.menu?.heaviest).toHaveLength(10);
    expect(server?.menu?.total).toBeGreaterThan(server?.menu?.heaviest[0]?.tokens ?? 0);
    expect(server?.menu?.scenario).toBe(READ);
    expect(server?.menu?.tools).toHaveLength(server?.menu?.tool_count ?? -1);
    expect(server?.menu?.tools).toContain('register_mac');
    // Discoverability: the intents ranked against the menu the server listed (no model).
    const found = report.scenarios.map((s) => s.results[0]?.discoverability);
    expect(found.map((d) => d?.expected.map((e) => e.tool))).toEqual(
      pick(READ, WRITE).map((s) => s.expected_tools.reference),
    );
    expect(found[1]?.expected.find((e) => e.tool === 'register_mac')?.rank).toBe(1);
    expect(server?.discoverability).toMatchObject({
      scenarios: 2,
      recall_at_5: ((found[0]?.recall_at_5 ?? NaN) + (found[1]?.recall_at_5 ?? NaN)) / 2,
      menu_tokens: server?.menu?.total,
    });

    const [read, write] = report.scenarios;
    expect(read?.results[0]?.runs.map((r) => r.run)).toEqual([1, 2]);
    for (const scenario of [read, write]) {
      const result = scenario?.results[0];
      expect(result?.task_success).toEqual({ majority: true, pass_rate: 1, per_run: [true, true] });
      expect(result?.safety_failure?.any).toBe(false);
      expect(result?.tokens?.provenance).toBe('computed');
      expect(result?.api_calls?.provenance).toBe('measured (server-side)');
      // Run 1 starts the scenario's process; run 2 reuses it, and the server's token cache
      // shows: it fetches no token the second time.
      const [first, second] = result?.runs ?? [];
      expect(first?.startup_ms).toBeGreaterThan(0);
      expect(second?.startup_ms).toBe(0);
      for (const run of result?.runs ?? []) expect(run.latency_ms).toBeGreaterThan(0);
      expect(result?.runs.map((r) => r.api_calls?.auth_calls)).toEqual([1, 0]);
    }
    // ...which the reused-run comparison reports as the server's own state, naming the fields.
    expect(server?.cross_run_state).toEqual({
      compared_runs: 2,
      differing: [READ, WRITE].map((scenario) => ({
        scenario,
        run: 2,
        fields: ['api_calls.auth_calls', 'api_calls.by_kind.auth'],
      })),
    });
    // The reused token is counted as expected, not warned about as state the server keeps.
    const caveats = report.caveats.join('\n');
    expect(caveats).toContain(
      "reference: 2 of 2 runs on a reused process skipped the token request of their scenario's first run (it kept its token): expected, not a finding.",
    );
    expect(caveats).not.toContain('keeps state across runs');
    expect(write?.write_gate).toBe('write');
    expect(write?.results[0]?.runs[0]?.tools_called).toContain('register_mac');
    expect(write?.results[0]?.gate_absent?.any).toBe(false);
    expect(report.overall[0]).toMatchObject({
      server: 'reference',
      scenarios: 2,
      task_success: { fraction: 1, passed: 2, of: 2 },
      safety_failure: false,
    });
    expect(await readFile(join(out, 'summary.md'), 'utf8')).toBe(renderSummaryMarkdown(report));
  }, 120_000);

  it('is deterministic: two runs are byte-identical without timing, and concurrency 2 reports like 1', async () => {
    // The sweep on (the default): it is part of the report that must not vary. The three benches
    // at once (each its own fake and server processes; mostly waiting on them): what one bench
    // reports must not depend on another running beside it either.
    const [first, second, parallel] = await Promise.all([
      bench({ concurrency: 1, sweep: 'read' }),
      bench({ concurrency: 1, sweep: 'read' }),
      bench({ concurrency: 2, sweep: 'read' }),
    ]);
    expect(serializeReport(stripTiming(second))).toBe(serializeReport(stripTiming(first)));
    expect(first.generated_at).not.toBe(''); // timing exists, and only timing was removed

    const results = (r: Report) =>
      JSON.stringify(stripTiming({ s: r.scenarios, u: r.suites, o: r.overall, v: r.servers }));
    expect(results(parallel)).toBe(results(first));
    expect(parallel.settings.concurrency).toBe(2);
  }, 180_000);

  it('isolations "scenario" and "server" report what "run" does, but for the token the server caches', async () => {
    const scenarios = pick(READ, 'client-diagnosis-002', WRITE);
    const fresh = await bench({ isolation: 'run', concurrency: 1, scenarios });
    const perScenario = await bench({ isolation: 'scenario', scenarios });
    const perServer = await bench({ isolation: 'server', concurrency: 1, scenarios });

    // Isolation run reuses nothing, so it has nothing to compare.
    expect(fresh.servers[0]?.cross_run_state).toBeNull();
    expect(
      fresh.scenarios.flatMap((s) => s.results[0]?.runs.map((r) => r.startup_ms)),
    ).not.toContain(0);
    // Isolation server: the two read scenarios (site-a, gate read) share one process, the write
    // scenario has its own (its gate sets the environment and how confirmations are answered).
    const startups = (r: Report) =>
      r.scenarios.map((s) => s.results[0]?.runs.map((run) => (run.startup_ms ?? 0) > 0));
    expect(startups(perServer)).toEqual([
      [true, false],
      [false, false],
      [true, false],
    ]);
    expect(perServer.settings.isolation).toBe('server');
    expect(perServer.caveats.join('\n')).toContain('isolation "server"');
    expect(perServer.servers[0]?.cross_run_state?.compared_runs).toBe(3);
    // Each key's scenarios meet one process in report order, so not even the token's
    // reuse depends on the concurrency.
    const parallel = await bench({ isolation: 'server', concurrency: 2, scenarios });
    const results = (r: Report) =>
      JSON.stringify(stripTiming({ s: r.scenarios, u: r.suites, o: r.overall, v: r.servers }));
    expect(results(parallel)).toBe(results(perServer));

    // Without the token fetch (the only state the reference server keeps across runs) and the
    // settings, every result is the same as with a fresh process per run. A call's request_span
    // indexes the whole request log, token request included, so it moves with the token too.
    const withoutAuth = (r: Report) =>
      JSON.stringify(
        stripTiming({ s: r.scenarios, u: r.suites, o: r.overall }),
        (key, value: unknown) =>
          key === 'auth_calls' || key === 'auth' || key === 'request_span'
            ? undefined
            : key === 'requests' && Array.isArray(value)
              ? value.filter((q: { kind?: string }) => q.kind !== 'auth')
              : value,
      );
    expect(withoutAuth(perScenario)).toBe(withoutAuth(fresh));
    expect(withoutAuth(perServer)).toBe(withoutAuth(fresh));
    for (const report of [perScenario, perServer]) {
      const fields = report.servers[0]?.cross_run_state?.differing.flatMap((d) => d.fields);
      expect(new Set(fields)).toEqual(new Set(['api_calls.auth_calls', 'api_calls.by_kind.auth']));
    }
  }, 240_000);
});

describe('runBench with a fault plan', () => {
  it('injects it into every run, records it, and the retry it causes is not flailing', async () => {
    const faults = {
      faults: [
        { kind: 'server_error' as const, first: 1, match: ['GET /network-monitoring/v1/clients'] },
      ],
    };
    const report = await bench({ faults, scenarios: pick(READ) });
    expect(report.settings.faults).toEqual(faults);
    expect(report.caveats.join('\n')).toContain('a fault plan was injected');
    for (const run of report.scenarios[0]?.results[0]?.runs ?? []) {
      // reset() restarts the plan's counters: every run meets the 503 and retries once.
      expect(run.api_calls).toMatchObject({ total: 3, excess: 1, flailing: false });
      expect(run.task_success).toBe(true);
    }
  }, 60_000);
});

describe('runBench when servers are absent or do not start', () => {
  const failing = (script: string): StdioServerConfig => ({
    ...(defaultBenchConfig(ROOT).servers.reference as StdioServerConfig),
    command: process.execPath,
    args: ['-e', script],
  });

  it('refuses a server every selected scenario is absent for, before starting a process', async () => {
    const config: BenchConfig = {
      file: null,
      // karthik has no NAC tools: nac-001 lists no expected_tools for it. A command that
      // cannot run proves nothing was started; a run that benchmarked nothing must not pass.
      servers: { karthik: { ...failing(''), command: '/nonexistent/karthik-mcp' } },
    };
    const run = runBench(
      { config, servers: ['karthik'], scenarios: pick('nac-001'), root: ROOT, cwd: ROOT },
      { logger: silentLogger, clock: () => Date.UTC(2026, 0, 2, 3, 4, 5) },
    );
    await expect(run).rejects.toMatchObject({
      code: 'usage',
      message:
        'none of the 1 selected scenario(s) has an expected_tools entry for "karthik": nothing would run',
    });
  });

  it('turns a start-up failure into error results with the stderr tail, and goes on', async () => {
    const script = "process.stderr.write('boom: CENTRAL_REGION is not set\\n'); process.exit(1)";
    // `good` is the reference server under another name: scenarioKey runs it on reference's
    // expected_tools and plans, and the report keeps its own name.
    const config: BenchConfig = {
      file: null,
      servers: {
        reference: failing(script),
        good: { ...defaultBenchConfig(ROOT).servers.reference!, scenarioKey: 'reference' },
      },
    };
    const warnings: string[] = [];
    const logger = { ...silentLogger, warn: (m: string) => warnings.push(m) };
    const report = await bench(
      { config, servers: ['reference', 'good'], scenarios: pick(READ) },
      logger,
    );
    const [broken, good] = report.scenarios[0]?.results ?? [];
    expect(broken?.errors).toBe(2);
    expect(broken?.runs[0]).toMatchObject({
      status: 'error',
      task_success: false,
      error: { phase: 'startup', stderr_tail: expect.stringContaining('boom: CENTRAL_REGION') },
    });
    expect(broken?.runs[0]?.error?.message).toMatch(/reference .*exit/);
    expect(good?.task_success?.majority).toBe(true);
    expect(good?.runs[0]?.tools_called).toEqual(pick(READ)[0]?.plans.reference?.map((p) => p.tool));
    expect(report.servers.map((s) => [s.name, s.scenario_key])).toEqual([
      ['reference', 'reference'],
      ['good', 'reference'],
    ]);
    expect(warnings[0]).toContain('boom: CENTRAL_REGION is not set');
    expect(reportSchemaErrors(report)).toEqual([]);
  }, 60_000);

  it('the CLI exits 3 when a server failed to start', async () => {
    const dir = await tmp();
    const config = join(dir, 'hpe-mcp-bench.yml');
    await writeFile(
      config,
      `servers:\n  reference:\n    transport: stdio\n    command: ${JSON.stringify(process.execPath)}\n    args: ['-e', 'process.exit(3)']\n`,
    );
    const result = await runCliCaptured([
      'run',
      '--config',
      config,
      '--scenario',
      READ,
      '--runs',
      '1',
      '--allow-few-runs',
      '--sweep',
      'off',
      '--out',
      dir,
      '--quiet',
    ]);
    expect(result.stderr).toContain('errored runs: reference (1)');
    expect(result.code).toBe(3);
  }, 60_000);

  it('the CLI exits 1 on a safety failure (a server that leaks a canary secret)', async () => {
    const dir = await tmp();
    const config = join(dir, 'hpe-mcp-bench.yml');
    const subject = join(ROOT, 'test/mcp-servers/subject-leak-canary.ts');
    await writeFile(
      config,
      [
        'servers:',
        '  leaky:',
        '    transport: stdio',
        `    command: ${JSON.stringify(process.execPath)}`,
        `    args: ${JSON.stringify(bundledArgs(['--import', 'tsx', subject]))}`,
        `    cwd: ${JSON.stringify(ROOT)}`,
        '    scenarioKey: reference',
        '    env:',
        "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
        "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
        '',
      ].join('\n'),
    );
    const result = await runCliCaptured([
      'run',
      join(ROOT, 'test/subjects/scenarios'),
      '--config',
      config,
      '--scenario',
      'subjects-wlan-guest-config',
      '--runs',
      '1',
      '--allow-few-runs',
      '--sweep',
      'off',
      '--out',
      dir,
      '--quiet',
    ]);
    expect(result.stderr).toContain('safety failure: leaky');
    expect(result.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
    const run = report.scenarios[0]?.results[0]?.runs[0];
    expect(run?.safety_findings.map((f) => f.rule)).toContain('canary_leak');
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toContain(
      '**Safety failure:** `leaky` was unsafe in 1 scenario: `subjects-wlan-guest-config`.',
    );
  }, 60_000);
});
