// needs: processes
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('npm run bench:gate -- --work DIR', () => {
  it('refuses a directory outside the checkout at once, naming it and the fix', async () => {
    const outside = join(tmpdir(), 'bench-gate-outside');
    const failed = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench-gate.ts', '--work', outside, '--only', 'none'],
      { cwd: ROOT, timeout: 60_000 },
    ).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failed?.code).toBe(2);
    expect(failed?.stderr).toContain(
      `--work ${outside}: put it inside the checkout (${ROOT}), e.g. .bench/gate-2`,
    );
  });
});
