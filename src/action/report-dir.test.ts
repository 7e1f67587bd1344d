import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkReportDir } from './report-dir.js';

const base = mkdtempSync(join(tmpdir(), 'report-dir-'));
const workspace = join(base, 'workspace');
const runnerTemp = join(base, 'runner-temp');
mkdirSync(workspace);
mkdirSync(runnerTemp);
writeFileSync(join(workspace, 'a-file'), '');
symlinkSync(base, join(workspace, 'up'));
const roots = { workspace, runnerTemp };

describe('checkReportDir', () => {
  it.each([
    ['hpe-mcp-bench-report', join(workspace, 'hpe-mcp-bench-report')],
    ['deep/er/dir', join(workspace, 'deep/er/dir')],
    [join(runnerTemp, 'shard-1'), join(runnerTemp, 'shard-1')],
  ])('takes %s', async (input, resolved) => {
    await expect(checkReportDir(input, roots)).resolves.toBe(resolved);
  });

  it.each([
    ['../../', 'outside the workspace'],
    ['/etc/hpe', 'outside the workspace'],
    ['up/elsewhere', 'outside the workspace'], // through a link out of the workspace
    ['/proc/x', 'outside the workspace'],
    ['a-file', 'a-file is not a directory'],
  ])('refuses %s, naming the input', async (input, why) => {
    const error = await checkReportDir(input, roots).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'usage' });
    expect(String(error)).toContain('Input "report-dir"');
    expect(String(error)).toContain(why);
  });

  it('without RUNNER_TEMP, takes the workspace only', async () => {
    await expect(
      checkReportDir(join(runnerTemp, 'x'), { workspace, runnerTemp: undefined }),
    ).rejects.toThrow(/outside the workspace \(.*\)$/);
  });
});
