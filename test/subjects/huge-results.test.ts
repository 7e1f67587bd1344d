// needs: processes
/**
 * Results no harness input may stall on, from real subject processes
 * (test/mcp-servers/subject-huge-result.ts): 20 KB of one character (js-tiktoken alone takes
 * minutes on it), 2 MiB (over the 1 MiB scoring cap: cut and flagged) and 20 MiB on one stdout
 * line (over the transport's 10 MiB limit: "result larger than 10 MiB", at once, not at the call
 * timeout).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCentral, type FakeCentral } from '../../fake-central/index.js';
import { parseBenchConfig } from '../../src/config/load-bench-config.js';
import type { StdioServerConfig } from '../../src/config/types.js';
import type { Report } from '../../src/report/types.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { launchServer } from '../../src/servers/launch/launch-server.js';
import { workDir } from '../helpers/servers/launch/test-servers.js';
import { onlyRun, resultOf, SUBJECT_SCENARIOS } from './run-subjects.js';
import { REPO_ROOT } from './spawn-stdio.js';
import { bundledServers } from '../helpers/bundled-servers.js';

const SCENARIO = 'subjects-offline-devices';
const SCENARIO_MS = 20_000;
const SIZES = { 'huge-20k': 20_000, 'huge-2m': 2 * 1024 * 1024, 'huge-20m': 20 * 1024 * 1024 };
const CALL_MS = 60_000;

const config = bundledServers(
  parseBenchConfig(
    join(REPO_ROOT, 'huge-results.yml'),
    `servers:\n${Object.entries(SIZES)
      .map(
        ([name, size]) => `  ${name}:
    transport: stdio
    command: node
    args: [--import, tsx, test/mcp-servers/subject-huge-result.ts, '${size}']
    scenarioKey: reference
    env: { CENTRAL_CLIENT_ID: '\${fake.clientId}', CENTRAL_CLIENT_SECRET: '\${fake.clientSecret}' }
    timeouts: { startupMs: 30000, callMs: ${CALL_MS}, scenarioMs: ${SCENARIO_MS} }
`,
      )
      .join('')}`,
  ),
);

let report: Report;
let small: Report;
let smallWallMs: number;

beforeAll(async () => {
  const loaded = await loadScenarios([SUBJECT_SCENARIOS], { root: REPO_ROOT, cwd: REPO_ROOT });
  const scenario = loaded.scenarios.find((s) => s.id === SCENARIO);
  if (!scenario) throw new Error(`${SCENARIO} is missing from ${SUBJECT_SCENARIOS}`);
  const bench = (servers: string[]) =>
    runBench(
      {
        config,
        servers,
        scenarios: [scenario],
        runs: 1,
        allowFewRuns: true,
        concurrency: 1,
        // Off: the sweep would call each huge tool twice more (test/e2e/sweep-gate.test.ts holds it).
        sweep: 'off',
        root: REPO_ROOT,
        cwd: REPO_ROOT,
      },
      { logger: { info: () => {}, warn: () => {}, progress: () => {} } },
    );
  // Timed alone: the whole run, token counting and scoring included, not just its latency.
  const started = performance.now();
  small = await bench(['huge-20k']);
  smallWallMs = performance.now() - started;
  report = await runBench(
    {
      config,
      servers: ['huge-2m', 'huge-20m'],
      scenarios: [scenario],
      runs: 1,
      allowFewRuns: true,
      concurrency: 1,
      sweep: 'off',
      root: REPO_ROOT,
      cwd: REPO_ROOT,
    },
    { logger: { info: () => {}, warn: () => {}, progress: () => {} } },
  );
}, 240_000);

describe('results no input may stall the harness on', () => {
  it('20 KB of one character: scored with an exact token count, within the scenario deadline', () => {
    const run = onlyRun(resultOf(small, SCENARIO, 'huge-20k'));
    // Start-up (a tsx process) plus the scenario's deadline; js-tiktoken alone took minutes here.
    expect(smallWallMs).toBeLessThan(30_000 + SCENARIO_MS);
    expect(run.status).toBe('ok');
    expect(run.stop_reason).toBe('final');
    expect(run.tokens?.provenance).toBe('computed');
    // 20,000 a's are 2,500 tokens (cl100k_base has a token for 8 of them), in the transcript once.
    expect(run.tokens?.input).toBeGreaterThan(2_500);
    expect(run.latency_ms).toBeLessThan(SCENARIO_MS);
    expect(run.oversized_results).toBeUndefined();
  });

  it('2 MiB: cut to the 1 MiB scoring cap and flagged in the run', () => {
    const run = onlyRun(resultOf(report, SCENARIO, 'huge-2m'));
    expect(run.status).toBe('ok');
    expect(run.oversized_results).toEqual([
      'call #0 (list_devices): 2097152 characters, over the 1 MiB cap; scored on the first 1048576',
    ]);
    expect(run.tokens?.provenance).toBe('computed');
  });

  it('20 MiB on one line: the call fails at once, long before its timeout', () => {
    const run = onlyRun(resultOf(report, SCENARIO, 'huge-20m'));
    expect(run.status).toBe('ok');
    expect(run.stop_reason).toBe('final');
    expect(run.latency_ms).toBeLessThan(CALL_MS / 2);
  });
});

describe('the stdio framing error', () => {
  let fake: FakeCentral;
  beforeAll(async () => {
    fake = await startFakeCentral();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('says "result larger than 10 MiB", not "not JSON"', async () => {
    const server = config.servers['huge-20m'] as StdioServerConfig;
    const session = await launchServer({
      name: 'huge-20m',
      config: server,
      fake,
      writeGate: 'read',
      workDir: await workDir(),
      baseDir: REPO_ROOT,
    });
    try {
      const started = performance.now();
      const outcome = await session.callTool({ name: 'list_devices', arguments: {} }, () => {});
      expect(outcome.protocolError).toMatch(
        /^MCP error -32603: result larger than 10 MiB \(20\.0 MiB\)/,
      );
      expect(outcome.protocolError).not.toContain('not JSON');
      expect(performance.now() - started).toBeLessThan(CALL_MS / 2);
      // The session survives: the next call is answered (and fails the same way, promptly).
      const again = await session.callTool({ name: 'list_devices', arguments: {} }, () => {});
      expect(again.protocolError).toMatch(/result larger than 10 MiB/);
    } finally {
      await session.close();
    }
  }, 120_000);
});
