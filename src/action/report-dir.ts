import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { BenchError } from '../common/errors.js';
import { prepareOutDir } from '../report-io/out-dir.js';

const inside = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/** The path with its longest existing prefix resolved through symbolic links. */
async function realish(path: string): Promise<string> {
  let head = path;
  const tail: string[] = [];
  for (;;) {
    try {
      return resolve(await realpath(head), ...tail.reverse());
    } catch {
      const parent = dirname(head);
      if (parent === head) return path;
      tail.push(relative(parent, head));
      head = parent;
    }
  }
}

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
  const real = await realish(dir);
  const realRoots = await Promise.all(allowed.map(realish));
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
