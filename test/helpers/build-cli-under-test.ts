/**
 * Vitest's global setup: builds the CLI once per test run, with dist's esbuild options
 * (scripts/build-bundle.ts), into a fresh directory under node_modules/.cache (inside the
 * checkout, so the bundle finds its package root and scenarios the way dist/cli does). Tests
 * that run the CLI as its own process start this bundle (`cliEntry()` in run-cli.ts) instead of
 * `node --import tsx src/cli/index.ts`, which compiled the whole CLI again in every process:
 * 2.2 s against 0.6 s for `--help` (load 1), for some 45 processes a run. The test MCP servers
 * the launch tests start dozens of times (test/mcp-servers/servers-*-server.ts) are built with it
 * (`stdioTestServer` and `httpTestServer` in test/helpers/servers/launch/test-servers.ts start the bundles).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { bundleOptions } from '../../scripts/build-bundle.js';
import { TEST_SERVER_BUNDLES_ENV } from './servers/launch/test-servers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI bundle this run built (an absolute path to its index.js). */
    cliBundle: string;
    /** The test servers this run built: source path (from the root) → bundle. */
    testServerBundles: Record<string, string>;
  }
}

/**
 * The test servers, built once: every MCP server under test/mcp-servers/ (the fault subjects
 * and the probes the launch and sandbox tests start, each dozens of times a run) and the
 * TypeScript reference servers. Started from source with tsx each one compiled itself again:
 * 2.3–3.2 s a start against 0.5–0.7 s for its bundle (load 5), a second or more for each of
 * the few hundred server starts of a run. The era probe's tests time a slow start to the second:
 * tsx's seconds of compiling under load made them miss (src/servers/client/era-probe.test.ts).
 */
function testServers(root: string): string[] {
  const dir = 'test/mcp-servers';
  const subjects = readdirSync(join(root, dir))
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => `${dir}/${name}`);
  return [
    ...subjects,
    'examples/reference-server/index.ts',
    'examples/reference-server/v2/index-v2.ts',
  ];
}

export default async function setup(project: TestProject): Promise<() => void> {
  const root = resolve(import.meta.dirname, '../..');
  const parent = join(root, 'node_modules', '.cache', 'hpe-mcp-bench');
  mkdirSync(parent, { recursive: true });
  const out = mkdtempSync(join(parent, 'cli-under-test-'));
  // The source's path in the bundle's name: two sources may share a file name (index.ts).
  const servers = testServers(root).map((source) => ({
    in: source,
    out: `servers/${source.replace(/\.ts$/, '').replaceAll('/', '-')}`,
  }));
  await build(bundleOptions([{ in: 'src/cli/index.ts', out: 'index' }, ...servers], out, root));
  project.provide('cliBundle', join(out, 'index.js'));
  const bundles = Object.fromEntries(servers.map((s) => [s.in, join(out, `${s.out}.js`)]));
  project.provide('testServerBundles', bundles);
  // test/helpers/servers/launch/test-servers.ts reads this copy (it also serves processes
  // outside Vitest, which have no inject()). The test workers are forked after the global setup
  // and inherit the environment.
  process.env[TEST_SERVER_BUNDLES_ENV] = JSON.stringify(bundles);
  return () => rmSync(out, { recursive: true, force: true });
}
