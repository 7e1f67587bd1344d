/**
 * Test servers from the bundles Vitest's global setup built (test/helpers/build-cli-under-test.ts)
 * instead of from source through tsx: the same code with dist's esbuild options, without tsx
 * compiling it again at every start (seconds under load, for hundreds of starts a run). Outside
 * Vitest (no bundles named) everything stays as written.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import type { BenchConfig, ServerConfig } from '../../src/config/types.js';
import { REPO_ROOT, testServerArgs } from './servers/launch/test-servers.js';

/**
 * `args` of a `node --import tsx <source> …` start with the source's bundle in their place; any
 * other arguments, and a source without a bundle, as they are.
 */
export function bundledArgs(args: readonly string[]): string[] {
  const [flag, loader, source, ...rest] = args;
  if (flag !== '--import' || loader !== 'tsx' || source === undefined) return [...args];
  const fromRoot = relative(REPO_ROOT, resolve(REPO_ROOT, source));
  if (isAbsolute(fromRoot) || fromRoot.startsWith('..')) return [...args];
  const started = testServerArgs(fromRoot);
  return started[0] === '--import' ? [...args] : [...started, ...rest];
}

function bundledServer(config: ServerConfig): ServerConfig {
  if (config.transport === 'stdio') return { ...config, args: bundledArgs(config.args) };
  if (!config.start) return config;
  return { ...config, start: { ...config.start, args: bundledArgs(config.start.args) } };
}

/** `config` with every server that starts through tsx started from its bundle. */
export function bundledServers(config: BenchConfig): BenchConfig {
  return {
    ...config,
    servers: Object.fromEntries(
      Object.entries(config.servers).map(([name, server]) => [name, bundledServer(server)]),
    ),
  };
}
