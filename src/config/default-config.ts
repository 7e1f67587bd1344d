import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LIMITS, DEFAULT_TIMEOUTS } from './load-bench-config.js';
import type { BenchConfig, StdioServerConfig } from './types.js';

/** The server name of the built-in default (as scenarios/compared-servers.yml names it). */
export const REFERENCE_SERVER = 'reference';

/**
 * The bench config used when no `--config` is given: the in-repo reference server over stdio,
 * run from its bundle (`dist/reference-server/index.js`) when `root` has one, else from
 * source with tsx. It reaches the fake through the proxy with its production URLs; the write
 * and destructive gates set `REFERENCE_ENABLE_WRITES=1` (its confirmation prompt still runs).
 * The server's own async polling interval is kept; a config file can override it.
 */
export function defaultBenchConfig(root: string): BenchConfig {
  const bundle = join(root, 'dist', 'reference-server', 'index.js');
  const fromBundle = existsSync(bundle);
  const reference: StdioServerConfig = {
    transport: 'stdio',
    // The Node running the harness, not whichever `node` PATH finds first.
    command: process.execPath,
    args: fromBundle
      ? [bundle]
      : ['--import', 'tsx', join(root, 'examples', 'reference-server', 'index.ts')],
    cwd: root,
    env: {
      CENTRAL_CLIENT_ID: '${fake.clientId}',
      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}',
      GREENLAKE_WORKSPACE_ID: '${fake.workspaceId}',
    },
    gates: {
      write: { REFERENCE_ENABLE_WRITES: '1' },
      destructive: { REFERENCE_ENABLE_WRITES: '1' },
    },
    network: 'proxy',
    timeouts: { ...DEFAULT_TIMEOUTS },
    writable: [],
    limits: { ...DEFAULT_LIMITS },
    notes: fromBundle
      ? 'in-repo reference server (dist/reference-server bundle)'
      : 'in-repo reference server (from source via tsx)',
  };
  return { file: null, servers: { [REFERENCE_SERVER]: reference } };
}
