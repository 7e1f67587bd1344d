import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli.js';

describe('the bundled golden suite', () => {
  it('validates: nine suites, at least six scenarios each', async () => {
    const { code, stdout, stderr } = await runCliCaptured(['validate', '--json']);
    expect(stderr).toBe('');
    const result = JSON.parse(stdout) as {
      ok: boolean;
      scenarios: number;
      suites: string[] | number;
      errors: unknown[];
    };
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(code).toBe(0);
    expect(result.scenarios).toBeGreaterThanOrEqual(54);
    const { stdout: plain } = await runCliCaptured(['validate']);
    expect(plain).toMatch(/^\d+ scenarios in 9 suites: ok(, \d+ warnings?)?$/m);
  });
});
