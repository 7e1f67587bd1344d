// needs: processes
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../src/report/validate-report.js';

const CLI = 'dist/cli/index.js';

describe('the built CLI: hpe-mcp-bench run', () => {
  it('runs a golden scenario against the bundled reference server and writes a valid report', async () => {
    expect(existsSync(CLI), `${CLI} is missing: run npm run build`).toBe(true);
    const out = await mkdtemp(join(tmpdir(), 'run-dist-'));
    const args = [CLI, 'run', '--scenario', 'client-diagnosis-001', '--runs', '1'];
    const child = spawn(process.execPath, [...args, '--allow-few-runs', '--out', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', CI: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('[1/1] reference client-diagnosis-001: task 1/1, safety ok\n');
    expect(stdout).toContain('| **all suites**   | reference |');
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    expect(report.overall[0].task_success.fraction).toBe(1);
  }, 60_000);
});
