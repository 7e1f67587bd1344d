import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../src/report/validate-report.js';

const ROOT = resolve(import.meta.dirname, '../..');

const server = (name: string, era: string) => [
  `  ${name}:`,
  '    transport: stdio',
  `    command: ${JSON.stringify(process.execPath)}`,
  `    args: ['--import', 'tsx', ${JSON.stringify(join(ROOT, 'test/mcp-servers/subject-sdk-v2.ts'))}, '${era}']`,
  `    cwd: ${JSON.stringify(ROOT)}`,
  '    scenarioKey: reference',
];

function cli(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src/cli/index.ts'), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', CI: '1' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  return new Promise<{ code: number | null; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stderr })),
  );
}

describe('MCP eras (servers on the official SDK v2 over stdio, the real CLI)', () => {
  it('benchmarks a dual-era server on the 2025 side and names the era a 2026-07-28-only server refused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'eras-'));
    const file = join(dir, 'bench.yml');
    await writeFile(
      file,
      ['servers:', ...server('dual', 'dual'), ...server('modern', 'modern'), ''].join('\n'),
    );
    const result = await cli([
      'run',
      '--config',
      file,
      '--scenario',
      'client-diagnosis-001',
      '--runs',
      '1',
      '--allow-few-runs',
      '--quiet',
      '--out',
      dir,
    ]);
    // The modern-only server could not start: a server failure (3), said plainly.
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toContain('modern failed to start: it speaks only MCP 2026-07-28');
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    const [dual, modern] = report.servers;
    expect(dual).toMatchObject({ protocol_version: '2025-11-25', protocol_violations: [] });
    expect(dual.info).toEqual({ name: 'sdk-v2-dual', version: '2.4.0' });
    expect(modern.info).toBeNull();
    const run = report.scenarios[0].results[1].runs[0];
    expect(run.status).toBe('error');
    expect(run.error.message).toMatch(
      /speaks only MCP 2026-07-28, and this harness's client speaks 2025-11-25/,
    );
  }, 180_000);
});
