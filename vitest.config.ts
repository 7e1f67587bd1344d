import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration, ViteUserConfig } from 'vitest/config';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fastTestFiles, needsProcesses, testFiles } from './test/helpers/fast-tests.js';
import { processWorkers } from './test/helpers/process-workers.js';

const root = import.meta.dirname;

/**
 * The process-free files (no `// needs: processes` line, test/helpers/fast-tests.ts): run first,
 * in workers that each run many files in turn without a fresh module graph per file
 * (`isolate: false`), with starting a process forbidden as in `npm run test:fast`. Isolating
 * every file re-imported the module graph each time, and importing cost more than testing: 683 s
 * isolated against 267 s non-isolated at load 7–14; 79 s non-isolated at load 1–4 (test/README.md,
 * What keeps npm test within ten minutes). A test that changes shared state (module state, env,
 * cwd, timers) must put it back in its own afterEach: the next file in the worker sees it.
 */
export const processFreeProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'process-free',
    include: fastTestFiles(root),
    isolate: false,
    setupFiles: ['./test/helpers/forbid-processes.ts'],
    sequence: { groupOrder: 0 },
  },
};

/**
 * The files that start processes (servers, the CLI, Python, a browser, bubblewrap, git, npm):
 * isolated, after the process-free ones, with the CLI and the test servers built once for them.
 */
const processProject: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'processes',
    include: testFiles(root).filter((f) => needsProcesses(readFileSync(join(root, f), 'utf8'))),
    // The end-to-end files spend much of their time waiting on child processes (servers, fakes,
    // Python clients): one more at once than there are cores (test/helpers/process-workers.ts).
    maxWorkers: processWorkers(process.env, availableParallelism()),
    // One build of the CLI per run, for the tests that start it as its own process.
    globalSetup: ['./test/helpers/build-cli-under-test.ts'],
    sequence: { groupOrder: 1 },
  },
};

/** What both projects (and vitest.fast.config.ts) share. */
export const sharedTest: NonNullable<ViteUserConfig['test']> = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: 'forks',
  // Vitest's default leaves a core free, which on a 2-core machine runs one file at a time.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  reporters: ['default', './test/helpers/summary-reporter.ts'],
};

export default defineConfig({
  test: {
    ...sharedTest,
    projects: [processFreeProject, processProject],
    // `npm test` (`--coverage.enabled`; not `npx vitest run <file>`, whose few files would fall
    // under the floor) prints line and branch coverage of the code the test workers ran
    // themselves, over both projects. Code that ran only in a process a test started (the CLI
    // bundle, a server under test) counts as not covered, so the figure is a floor. Cost and
    // figure: test/README.md, Coverage.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts', 'fake-central/**/*.ts'],
      exclude: ['**/*.test.ts', '**/*.d.ts'],
      reporter: ['text-summary', ['json-summary', { file: 'coverage-summary.json' }]],
      reportsDirectory: 'coverage',
      // The figure even when a test fails: the floor is checked all the same.
      reportOnFailure: true,
      // Just under the process-free project's figure, which `npm test` measures (test/README.md,
      // Coverage): a change that leaves more code untested than that fails the run. The whole
      // suite's floor (93 %, 80 %) is `npm run test:coverage`'s, given on its command line.
      thresholds: { lines: 80, branches: 70 },
    },
  },
});
