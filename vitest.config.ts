import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'fake-central/**/*.test.ts',
      'scripts/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default leaves a core free, which on a 2-core machine runs one file at a time. The
    // end-to-end files spend most of their time waiting on child processes (servers, fakes,
    // Python clients), so two at once on two cores took the suite from 707 s to 435 s
    // (fresh clone, load ≤ 5, all 1893 passing both ways).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // One build of the CLI per run, for the tests that start it as its own process.
    globalSetup: ['./test/helpers/build-cli-under-test.ts'],
  },
});
