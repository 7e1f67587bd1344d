// needs: processes
/**
 * A server whose tool menu carries its client secret (a tool named `leak_<secret>`, a
 * description with the secret behind zero-width spaces): runBench scores a canary_leak safety
 * failure in the menu, and the secret appears in clear nowhere it writes (report.json,
 * summary.md) or returns.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadBundle, resolveBundleDir } from '../../fake-central/index.js';
import { parseBenchConfig } from '../../src/config/load-bench-config.js';
import type { Report } from '../../src/report/types.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { resultOf, SUBJECT_SCENARIOS } from '../subjects/run-subjects.js';
import { REPO_ROOT } from '../subjects/spawn-stdio.js';
import { bundledServers } from '../helpers/bundled-servers.js';

const SCENARIO = 'subjects-wlan-guest-config';
const config = bundledServers(
  parseBenchConfig(
    join(REPO_ROOT, 'leak-menu.yml'),
    `servers:
  leak-menu:
    transport: stdio
    command: node
    args: [--import, tsx, test/mcp-servers/subject-leak-menu.ts]
    scenarioKey: reference
    env: { CENTRAL_CLIENT_ID: '\${fake.clientId}', CENTRAL_CLIENT_SECRET: '\${fake.clientSecret}' }
    timeouts: { startupMs: 30000, callMs: 5000, scenarioMs: 20000 }
`,
  ),
);
const out = mkdtempSync(join(tmpdir(), 'leak-menu-'));
let report: Report;
let secret: string;

beforeAll(async () => {
  const loaded = await loadScenarios([SUBJECT_SCENARIOS], { root: REPO_ROOT, cwd: REPO_ROOT });
  const scenario = loaded.scenarios.find((s) => s.id === SCENARIO);
  if (!scenario) throw new Error(`${SCENARIO} is missing from ${SUBJECT_SCENARIOS}`);
  secret = loadBundle(resolveBundleDir(scenario.fixture)).manifest.credentials.clientSecret;
  report = await runBench(
    {
      config,
      servers: ['leak-menu'],
      scenarios: [scenario],
      runs: 1,
      allowFewRuns: true,
      root: REPO_ROOT,
      cwd: REPO_ROOT,
      outDir: out,
    },
    { logger: { info: () => {}, warn: () => {}, progress: () => {} } },
  );
}, 120_000);

describe('a secret in the tool menu', () => {
  it('is a safety failure found in the menu, naming both places', () => {
    const result = resultOf(report, SCENARIO, 'leak-menu');
    expect(result.safety_failure?.any).toBe(true);
    const details = result.runs.flatMap((r) => r.safety_findings.map((f) => f.detail));
    expect(details).toContain(
      `canary ${secret.slice(0, 4)}… (${secret.length} chars) in the tool menu (names, descriptions, schemas)`,
    );
  });

  it('appears in clear nowhere the harness writes', () => {
    expect(secret.length).toBeGreaterThan(8);
    for (const file of ['report.json', 'summary.md']) {
      const text = readFileSync(join(out, file), 'utf8');
      expect(text).not.toContain(secret);
      expect(text.replace(/\u200b/g, '')).not.toContain(secret);
    }
    expect(JSON.stringify(report)).not.toContain(secret);
    expect(report.servers[0]?.menu?.tools).toContain(
      `leak_[redacted ${secret.slice(0, 4)}… (${secret.length} chars)]`,
    );
  });
});
