// needs: processes
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../common/package-root.js';
import { takeSecrets } from '../common/secrets.js';
import type { Report } from '../report/types.js';
import { silentLogger } from './ports.js';
import { prepareBench } from './prepare-bench.js';
import { CLI_NAMING } from './request/bench-request.js';

// Two benches in one process, each with its own environment and the tokens its entry took out of
// it. A server that fails at start-up prints both benches' tokens on stderr; each report must
// redact its own bench's token and know nothing of the other's. When the secrets were module
// state read from process.env, neither bench's token was redacted: both were missed.

const ROOT = packageRoot();
const work = mkdtempSync(join(tmpdir(), 'hmb-bench-secrets-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TOKENS = { a: 'ghp_benchAtoken0000000000', b: 'ghp_benchBtoken1111111111' };

/** One bench, as the CLI's `run` prepares it, over a server that leaks both tokens and exits. */
async function bench(own: string): Promise<Report> {
  const leak = `process.stderr.write(${JSON.stringify(`tokens: ${TOKENS.a} ${TOKENS.b}`)});process.exit(1)`;
  const config = join(work, `bench-${own}.yml`);
  writeFileSync(
    config,
    `servers:\n  leaky:\n    transport: stdio\n    command: ${process.execPath}\n    args: ['-e', ${JSON.stringify(leak)}]\n    scenarioKey: reference\n`,
  );
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, GITHUB_TOKEN: own };
  const secrets = takeSecrets(env);
  const prepared = await prepareBench({
    config,
    servers: [],
    scenarioPaths: [join(ROOT, 'scenarios/site-device-health.yaml')],
    suites: [],
    scenarioIds: [],
    shard: null,
    cwd: ROOT,
    runs: 1,
    allowFewRuns: true,
    faults: null,
    sandbox: 'off',
    resilience: false,
    sweep: 'off',
    policy: {},
    budget: {},
    env,
    secrets,
    naming: CLI_NAMING,
  });
  return prepared.run({ logger: silentLogger });
}

/**
 * The start-up stderr tails of the report's runs that caught the server's line (under load a
 * tail can come back empty: the process exited before its stderr was read).
 */
const tails = (report: Report): string[] =>
  report.scenarios
    .flatMap((s) => s.results.flatMap((r) => r.runs.map((run) => run.error?.stderr_tail ?? '')))
    .filter((tail) => tail.includes('tokens:'));

describe('two benches in one process', () => {
  it('each redacts its own secrets, and only its own', async () => {
    const [a, b] = await Promise.all([bench(TOKENS.a), bench(TOKENS.b)]);
    expect(tails(a).length).toBeGreaterThan(0);
    expect(tails(b).length).toBeGreaterThan(0);
    for (const tail of tails(a)) {
      expect(tail).not.toContain(TOKENS.a);
      expect(tail).toContain(TOKENS.b);
    }
    for (const tail of tails(b)) {
      expect(tail).toContain(TOKENS.a);
      expect(tail).not.toContain(TOKENS.b);
    }
  }, 120_000);
});
