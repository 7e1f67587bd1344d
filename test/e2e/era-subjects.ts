/**
 * The era subjects as bench-config entries: the reference server's tools on the official SDKs,
 * one per era and transport (test/e2e/mcp-eras*.test.ts). Legacy-only: SDK 1.x
 * (examples/reference-server over stdio, test/mcp-servers/subject-reference-v1-http.ts over
 * HTTP). 2026-07-28-only and dual: SDK v2 (examples/reference-server/v2, serveStdio and
 * createMcpHandler with and without the legacy fallback).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { Report } from '../../src/report/types.js';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { spawnCli } from '../helpers/run-cli.js';
import { bundledArgs } from '../helpers/bundled-servers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NODE = JSON.stringify(process.execPath);
const V2 = 'examples/reference-server/v2/index-v2.ts';

const common = [
  `    scenarioKey: reference`,
  // No wait before an async poll (latency only: test/helpers/reference-subject-config.ts).
  `    env: { CENTRAL_CLIENT_ID: '\${fake.clientId}', CENTRAL_CLIENT_SECRET: '\${fake.clientSecret}', GREENLAKE_WORKSPACE_ID: '\${fake.workspaceId}', REFERENCE_POLL_INTERVAL_MS: '0' }`,
  `    gates: { write: { REFERENCE_ENABLE_WRITES: '1' }, destructive: { REFERENCE_ENABLE_WRITES: '1' } }`,
];
const stdio = (name: string, args: string[]) => [
  `  ${name}:`,
  '    transport: stdio',
  `    command: ${NODE}`,
  `    args: ${JSON.stringify(bundledArgs(['--import', 'tsx', ...args]))}`,
  `    cwd: ${JSON.stringify(ROOT)}`,
  ...common,
];
const http = (name: string, args: string[]) => [
  `  ${name}:`,
  '    transport: http',
  `    start: { command: ${NODE}, args: ${JSON.stringify(bundledArgs(['--import', 'tsx', ...args, '--port', '${port}']))}, cwd: ${JSON.stringify(ROOT)} }`,
  `    url: 'http://127.0.0.1:\${port}/mcp'`,
  ...common,
];

/** Each subject's bench-config entry. */
const ENTRIES = {
  'legacy-stdio': stdio('legacy-stdio', ['examples/reference-server/index.ts']),
  'legacy-http': http('legacy-http', ['test/mcp-servers/subject-reference-v1-http.ts']),
  'modern-stdio': stdio('modern-stdio', [V2, 'stdio', 'modern']),
  'modern-http': http('modern-http', [V2, 'http', 'modern']),
  'dual-stdio': stdio('dual-stdio', [V2, 'stdio', 'dual']),
  'dual-http': http('dual-http', [V2, 'http', 'dual']),
};

export type EraSubject = keyof typeof ENTRIES;

/** The era and revision each subject must negotiate (a dual-era one takes 2026-07-28). */
export const EXPECTED_ERA: Record<EraSubject, readonly ['legacy' | 'modern', string]> = {
  'legacy-stdio': ['legacy', '2025-11-25'],
  'legacy-http': ['legacy', '2025-11-25'],
  'modern-stdio': ['modern', '2026-07-28'],
  'modern-http': ['modern', '2026-07-28'],
  'dual-stdio': ['modern', '2026-07-28'],
  'dual-http': ['modern', '2026-07-28'],
};

/** A bench config of `subjects` in a fresh directory: its path, and the directory for --out. */
export async function eraConfig(subjects: readonly EraSubject[]): Promise<{
  file: string;
  dir: string;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'eras-'));
  const file = join(dir, 'bench.yml');
  await writeFile(file, ['servers:', ...subjects.flatMap((s) => ENTRIES[s]), ''].join('\n'));
  return { file, dir };
}

/**
 * Benchmarks `subjects` through the real CLI (one run, `args` added) and returns the
 * schema-checked report (parsed JSON, untyped: the tests read it field by field) and its directory, after asserting that the run exited 0 and that each
 * server spoke its expected era and version.
 */
export async function benchEras(
  subjects: readonly EraSubject[],
  args: string[],
): Promise<{ report: any; dir: string }> {
  const { file, dir } = await eraConfig(subjects);
  // The sweep off: the eras' scenario runs are the subject (test/e2e/sweep-gate.test.ts sweeps).
  const cliArgs = ['run', '--config', file, '--runs', '1', '--allow-few-runs', '--sweep', 'off'];
  const result = await spawnCli([...cliArgs, ...args, '--quiet', '--out', dir]);
  expect(result.code, result.stderr).toBe(0);
  const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
  expect(reportSchemaErrors(report)).toEqual([]);
  for (const name of subjects) {
    const server = (report as Report).servers.find((s) => s.name === name);
    expect([server?.protocol_era, server?.protocol_version], name).toEqual([...EXPECTED_ERA[name]]);
  }
  return { report, dir };
}
