import { resolve } from 'node:path';
import { BenchError } from '../common/errors.js';
import { inside, realish } from '../common/real-paths.js';
import { prepareOutDir } from '../report-io/out-dir.js';

/**
 * The action's `report-dir`, resolved against the workspace and checked before the bench runs:
 * it must lie inside GITHUB_WORKSPACE or RUNNER_TEMP (after symbolic links), so a PR's workflow
 * input cannot send the report anywhere else the job user may write, and it must take files
 * (the same probe as the CLI's --out, which also refuses /proc and friends at once instead of
 * after minutes of runs). Returns the absolute path.
 */
export async function checkReportDir(
  reportDir: string,
  roots: { workspace: string; runnerTemp: string | undefined },
): Promise<string> {
  const dir = resolve(roots.workspace, reportDir);
  const allowed = [roots.workspace, roots.runnerTemp].filter(
    (r): r is string => r !== undefined && r !== '',
  );
  const real = realish(dir);
  const realRoots = allowed.map(realish);
  if (!realRoots.some((root) => inside(real, root))) {
    throw new BenchError(
      'usage',
      `Input "report-dir" has an invalid value "${reportDir}": it resolves to ${real}, outside the workspace (${roots.workspace})${roots.runnerTemp ? ` and RUNNER_TEMP (${roots.runnerTemp})` : ''}`,
      { hint: 'use a directory inside the workspace, e.g. the default hpe-mcp-bench-report' },
    );
  }
  await prepareOutDir(dir, reportDir, {
    option: 'Input "report-dir"',
    hint: 'use a directory inside the workspace that can be created and written, e.g. hpe-mcp-bench-report',
  });
  return dir;
}
