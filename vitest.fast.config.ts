import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { fastTestFiles } from './test/helpers/fast-tests.js';

/**
 * `npm run test:fast`: every test file that does not declare `// needs: processes`
 * (test/helpers/fast-tests.ts), with starting a process forbidden, so it runs without Python,
 * bubblewrap, a browser or a build, and a test that needs one fails naming the marker.
 */
export default defineConfig({
  test: {
    ...base.test,
    include: fastTestFiles(import.meta.dirname),
    setupFiles: ['./test/helpers/forbid-processes.ts'],
    // The CLI bundle (the global setup) is for tests that start the CLI as a process.
    globalSetup: [],
  },
});
