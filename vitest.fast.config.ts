import { defineConfig } from 'vitest/config';
import { processFreeProject, sharedTest } from './vitest.config.js';

/**
 * `npm run test:fast`: `npm test`'s process-free project alone (vitest.config.ts): every test file
 * that does not declare `// needs: processes` (test/helpers/fast-tests.ts), non-isolated, with
 * starting a process forbidden, so it runs without Python, bubblewrap, a browser or a build, and a
 * test that needs one fails naming the marker.
 */
export default defineConfig({
  test: { ...sharedTest, projects: [processFreeProject] },
});
