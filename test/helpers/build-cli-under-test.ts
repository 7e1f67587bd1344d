/**
 * Vitest's global setup: builds the CLI once per test run, with dist's esbuild options
 * (scripts/build-bundle.ts), into a fresh directory under node_modules/.cache (inside the
 * checkout, so the bundle finds its package root and scenarios the way dist/cli does). Tests
 * that run the CLI as its own process start this bundle (`cliEntry()` in run-cli.ts) instead of
 * `node --import tsx src/cli/index.ts`, which compiled the whole CLI again in every process:
 * 2.2 s against 0.6 s for `--help` (load 1), for some 45 processes a run.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { bundleOptions } from '../../scripts/build-bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI bundle this run built (an absolute path to its index.js). */
    cliBundle: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = resolve(import.meta.dirname, '../..');
  const parent = join(root, 'node_modules', '.cache', 'hpe-mcp-bench');
  mkdirSync(parent, { recursive: true });
  const out = mkdtempSync(join(parent, 'cli-under-test-'));
  buildSync(bundleOptions([{ in: 'src/cli/index.ts', out: 'index' }], out, root));
  project.provide('cliBundle', join(out, 'index.js'));
  return () => rmSync(out, { recursive: true, force: true });
}
