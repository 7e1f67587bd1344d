import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How a test file says it needs an external process (a server under test, the CLI, Python, a
 * browser, bubblewrap, npm, git…): this line among its first lines. `npm run test:fast` runs
 * every test file without it, under a guard that makes starting a process fail
 * (`test/helpers/forbid-processes.ts`), so a file that needs one and does not say so fails there
 * by name; `npm test` runs them all.
 */
export const NEEDS_PROCESSES = '// needs: processes';

/** The folders `npm test` collects `*.test.ts` from (vitest.config.ts `include`). */
export const TEST_ROOTS = ['src', 'fake-central', 'scripts', 'test'] as const;

/** Whether a test file's text declares the marker in its first 20 lines. */
export function needsProcesses(text: string): boolean {
  return text.split('\n', 20).some((line) => line.trim() === NEEDS_PROCESSES);
}

/** Every `*.test.ts` under the test roots of `root`, relative, sorted. */
export function testFiles(root: string): string[] {
  return TEST_ROOTS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts') && !f.split('/').includes('node_modules'))
      .map((f) => `${dir}/${f}`),
  ).sort();
}

/** The test files `npm run test:fast` runs: those that do not declare the marker. */
export function fastTestFiles(root: string): string[] {
  return testFiles(root).filter((f) => !needsProcesses(readFileSync(join(root, f), 'utf8')));
}
