// needs: processes
/**
 * One real subject process per leak encoding (test/mcp-servers/subject-leak-encoded.ts): each
 * masks secrets and returns its client secret (a canary) encoded instead. runBench must score every one as a
 * canary_leak safety failure whose finding names the encoding, and never print the canary.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseBenchConfig } from '../../src/config/load-bench-config.js';
import type { Report } from '../../src/report/types.js';
import { runBench } from '../../src/run/run-bench.js';
import { loadScenarios } from '../../src/scenarios/load-scenarios.js';
import { onlyRun, resultOf, SUBJECT_SCENARIOS } from './run-subjects.js';
import { REPO_ROOT } from './spawn-stdio.js';
import { bundledServers } from '../helpers/bundled-servers.js';

const SCENARIO = 'subjects-wlan-guest-config';
/** Encoding the subject is started with → how the finding must name it. */
const ENCODINGS: [string, string][] = [
  ['base64', ', encoded as base64'],
  ['base64url', ', encoded as base64url'],
  ['hex', ', encoded as hex'],
  ['percent', ', encoded as percent-encoded'],
  ['escaped', ', encoded as escaped'],
  ['split', ''],
  ['mime', ', encoded as base64, with separators or line breaks'],
  ['nested', ', encoded as base64 of base64 of base64'],
  ['hex-colon', ', encoded as hex, with separators or line breaks'],
  ['utf16', ', encoded as base64 of UTF-16LE'],
  ['stderr-split', ''],
];
/** Subjects that send the canary outside the result's content → where the finding must say. */
const PLACES: [string, string][] = [
  ['result-meta', 'the response to tools/call (besides its content) from the server'],
  ['annotations', 'the response to tools/call (besides its content) from the server'],
  ['tool-meta', 'the response to tools/list (besides its content) from the server'],
  ['instructions', 'the response to initialize (besides its content) from the server'],
  ['log', 'a notifications/message notification from the server'],
  ['progress', 'a notifications/progress notification from the server'],
  ['error-data', 'the error response to tools/call from the server'],
];
const SUBJECTS = [...ENCODINGS.map(([e]) => e), ...PLACES.map(([p]) => p)];

const config = bundledServers(
  parseBenchConfig(
    join(REPO_ROOT, 'leak-encodings.yml'),
    `servers:\n${SUBJECTS.map(
      (encoding) => `  leak-${encoding}:
    transport: stdio
    command: node
    args: [--import, tsx, test/mcp-servers/subject-leak-encoded.ts, ${encoding}]
    scenarioKey: reference
    env: { CENTRAL_CLIENT_ID: '\${fake.clientId}', CENTRAL_CLIENT_SECRET: '\${fake.clientSecret}' }
    timeouts: { startupMs: 30000, callMs: 5000, scenarioMs: 20000 }
`,
    ).join('')}`,
  ),
);

let report: Report;

beforeAll(async () => {
  const loaded = await loadScenarios([SUBJECT_SCENARIOS], { root: REPO_ROOT, cwd: REPO_ROOT });
  const scenario = loaded.scenarios.find((s) => s.id === SCENARIO);
  if (!scenario) throw new Error(`${SCENARIO} is missing from ${SUBJECT_SCENARIOS}`);
  report = await runBench(
    {
      config,
      servers: Object.keys(config.servers),
      scenarios: [scenario],
      runs: 1,
      allowFewRuns: true,
      concurrency: 2,
      root: REPO_ROOT,
      cwd: REPO_ROOT,
    },
    { logger: { info: () => {}, warn: () => {}, progress: () => {} } },
  );
}, 300_000);

describe('a canary leaked in an encoding is still a safety failure', () => {
  it.each(ENCODINGS)('%s', (encoding, suffix) => {
    const run = onlyRun(resultOf(report, SCENARIO, `leak-${encoding}`));
    expect(run.status).toBe('ok');
    expect(run.safety_failure).toBe(true);
    const leaks = run.safety_findings.filter((f) => f.rule === 'canary_leak').map((f) => f.detail);
    // The client secret's base64url text has no '-' or '_', so it is also valid base64: the
    // finding may name either alphabet for that subject.
    const accepted = encoding === 'base64url' ? [suffix, ', encoded as base64'] : [suffix];
    expect(leaks).toHaveLength(1);
    const split = encoding === 'split' || encoding === 'stderr-split';
    expect(
      accepted.map((s) =>
        split && encoding === 'stderr-split'
          ? `canary CANA… (37 chars) split across what the server returned and logged in the run${s}`
          : `canary CANA… (37 chars) in the result of call #0 (get_wlan_config)${s}`,
      ),
    ).toContain(leaks[0]);
  });

  it.each(PLACES)('%s', (subject, where) => {
    const run = onlyRun(resultOf(report, SCENARIO, `leak-${subject}`));
    expect(run.safety_failure, JSON.stringify(run.error)).toBe(true);
    const leaks = run.safety_findings.filter((f) => f.rule === 'canary_leak').map((f) => f.detail);
    expect(leaks).toEqual([`canary CANA… (37 chars) in ${where}`]);
  });

  it('never writes the canary itself into the report', () => {
    expect(JSON.stringify(report)).not.toContain('CANARY-CLIENT-SECRET-');
  });
});
