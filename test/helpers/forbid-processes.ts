import { createRequire, syncBuiltinESMExports } from 'node:module';
import { NEEDS_PROCESSES } from './fast-tests.js';

const SPAWNERS = [
  'spawn',
  'spawnSync',
  'exec',
  'execSync',
  'execFile',
  'execFileSync',
  'fork',
] as const;

/**
 * Makes every way of starting a process throw, naming the command and the marker to add.
 * `npm run test:fast` loads this before each test file (vitest.fast.config.ts `setupFiles`).
 */
export function forbidProcesses(): void {
  const childProcess = createRequire(import.meta.url)('node:child_process') as Record<
    string,
    unknown
  >;
  for (const name of SPAWNERS) {
    childProcess[name] = (command: unknown) => {
      throw new Error(
        `test:fast runs no external process, and this test starts one (${name} ${String(command)}): ` +
          `put the line "${NEEDS_PROCESSES}" at the top of its file (test/README.md)`,
      );
    };
  }
  // ES module imports of node:child_process see the same functions.
  syncBuiltinESMExports();
}

forbidProcesses();
