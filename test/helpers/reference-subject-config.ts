import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bundledArgs } from './bundled-servers.js';

/**
 * The reference server's wait before each async-operation poll, 500 ms by default (a real
 * server does not hammer a task it just started). The fake answers RUNNING for a set number of
 * polls, not for a time, so the wait changes a run's latency and nothing a test reads from the
 * report; a suite of async scenarios spends most of its time in it (the golden suite, 5 runs:
 * 29 s with the wait, 11 s without). Tests that do not measure latency set it to zero.
 */
const NO_POLL_WAIT = "      REFERENCE_POLL_INTERVAL_MS: '0'";

function referenceEntry(root: string, args: string[], asDefault: boolean): string {
  return [
    'servers:',
    '  reference:',
    '    transport: stdio',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: ${JSON.stringify(args)}`,
    `    cwd: ${JSON.stringify(root)}`,
    '    env:',
    "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
    "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
    NO_POLL_WAIT,
    ...(asDefault
      ? [
          "      GREENLAKE_WORKSPACE_ID: '${fake.workspaceId}'",
          "    gates: { write: { REFERENCE_ENABLE_WRITES: '1' }, destructive: { REFERENCE_ENABLE_WRITES: '1' } }",
          '    network: proxy',
        ]
      : []),
    '',
  ].join('\n');
}

/**
 * A bench config (YAML text) that runs a subject built on the reference server
 * (test/mcp-servers/subject-*.ts, from source with tsx) under the server name `reference`, so the
 * scenarios' `reference` plans and a reference baseline apply to it unchanged. No poll wait.
 */
export function referenceSubjectConfig(root: string, subject: string): string {
  const source = ['--import', 'tsx', join(root, 'test/mcp-servers', subject)];
  return referenceEntry(root, bundledArgs(source), false);
}

/**
 * The built-in default server (src/config/default-config.ts: the reference server, from its
 * bundle when the checkout has one) as a config file, with no poll wait.
 */
export function referenceConfig(root: string): string {
  const bundle = join(root, 'dist', 'reference-server', 'index.js');
  return referenceEntry(
    root,
    existsSync(bundle)
      ? [bundle]
      : ['--import', 'tsx', join(root, 'examples', 'reference-server', 'index.ts')],
    true,
  );
}
