import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIMITS } from '../../../../src/config/load-bench-config.js';
import type { HttpServerConfig, StdioServerConfig } from '../../../../src/config/types.js';

/** The repository root: the test servers are spawned from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The environment variable through which Vitest's global setup names the bundles it built. */
export const TEST_SERVER_BUNDLES_ENV = 'HPE_MCP_BENCH_TEST_SERVER_BUNDLES';

/**
 * The arguments after `node` that start a test server: the bundle this test run built of it
 * (test/helpers/build-cli-under-test.ts), else its source through tsx (a run without that
 * global setup, or a process outside Vitest).
 */
export function testServerArgs(source: string): string[] {
  let bundles: Record<string, string> | undefined;
  const provided = process.env[TEST_SERVER_BUNDLES_ENV];
  if (provided !== undefined) bundles = JSON.parse(provided) as Record<string, string>;
  const bundle = bundles?.[source];
  return bundle === undefined ? ['--import', 'tsx', source] : [bundle];
}

const COMMON = {
  env: {},
  gates: {},
  network: 'proxy' as const,
  timeouts: { startupMs: 15_000, callMs: 5_000, scenarioMs: 60_000 },
  writable: [] as string[],
  limits: DEFAULT_LIMITS,
};

/** test/mcp-servers/servers-stdio-server.ts in `mode` (see its header). */
export function stdioTestServer(
  mode?: 'silent' | 'garbage' | 'exit-at-start',
  overrides: Partial<StdioServerConfig> = {},
): StdioServerConfig {
  return {
    ...COMMON,
    transport: 'stdio',
    command: process.execPath,
    args: [...testServerArgs('test/mcp-servers/servers-stdio-server.ts'), ...(mode ? [mode] : [])],
    ...overrides,
  };
}

/** test/mcp-servers/servers-http-server.ts on `${port}`, plus `extraArgs`. */
export function httpTestServer(
  extraArgs: string[] = [],
  overrides: Partial<HttpServerConfig> = {},
): HttpServerConfig {
  return {
    ...COMMON,
    transport: 'http',
    start: {
      command: process.execPath,
      args: [
        ...testServerArgs('test/mcp-servers/servers-http-server.ts'),
        '--port',
        '${port}',
        ...extraArgs,
      ],
    },
    url: 'http://127.0.0.1:${port}/mcp',
    readyPollMs: 50,
    ...overrides,
  };
}

/** A fresh work directory for one launch. */
export const workDir = (): Promise<string> => mkdtemp(join(tmpdir(), 'servers-test-'));

/**
 * Whether a process is running. A killed process stays a zombie until something reaps it (in a
 * container PID 1 may take a second or more); on Linux /proc tells a zombie from a live one.
 */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S …"; the state follows the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): a zombie counts as alive until reaped
  }
}

/** Waits until `pid` is gone, up to `ms`; true when it went. */
export async function gone(pid: number, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

/**
 * Host pids of the processes that have `tag` as a command-line argument. The host's /proc lists
 * every process, sandboxed ones (in their own PID namespace, where they see other pids) included.
 */
export function pidsTagged(tag: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes(tag) && alive(Number(entry))) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** Waits until no process carries `tag`, up to `ms`; true when they all went. */
export async function goneTagged(tag: string, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (pidsTagged(tag).length === 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return pidsTagged(tag).length === 0;
}

/** A tag unique to one test. */
export const uniqueTag = (): string =>
  `hmb-test-tag-${process.pid}-${Math.random().toString(36).slice(2)}`;

/** The canary secrets the harness holds and a server must never see. */
export const HARNESS_CANARIES = {
  GITHUB_TOKEN: 'ghp_CANARYharnessGithubToken0000000000',
  ANTHROPIC_API_KEY: 'sk-ant-CANARY-harness-anthropic-key',
  OPENAI_API_KEY: 'sk-CANARY-harness-openai-key',
  ACTIONS_RUNTIME_TOKEN: 'CANARY-actions-runtime-token',
};
