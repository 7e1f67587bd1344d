import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BenchError } from '../common/errors.js';

/**
 * Makes sure `dir` exists and takes files, before the bench spends minutes on runs. Missing
 * directories are created one level at a time: Node's recursive mkdir never returns under some
 * pseudo-filesystems (`mkdir -p /proc/x` on Node 20 spins forever), while a plain mkdir fails at
 * once. Then a probe file is written and removed. Throws a usage error naming the option and
 * `shown` (the path as the user typed it) and the system's reason.
 */
export async function prepareOutDir(
  dir: string,
  shown: string,
  naming: { option: string; hint: string } = {
    option: '--out',
    hint: 'pass a directory that exists or can be created and is writable, e.g. --out reports',
  },
): Promise<void> {
  const fail = (why: string): never => {
    throw new BenchError(
      'usage',
      `${naming.option} ${shown}: cannot write the report there (${why})`,
      { hint: naming.hint },
    );
  };
  const missing: string[] = [];
  let existing = dir;
  for (;;) {
    const found = await stat(existing).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      return fail(`${existing}: ${error.code ?? error.message}`);
    });
    if (found) {
      if (!found.isDirectory()) fail(`${existing} is not a directory`);
      break;
    }
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  for (const path of missing) {
    await mkdir(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') fail(`cannot create ${path}: ${error.code ?? error.message}`);
    });
  }
  const probe = join(dir, `.hpe-mcp-bench-write-test-${process.pid}`);
  await writeFile(probe, '').catch((error: NodeJS.ErrnoException) =>
    fail(`cannot create files in it: ${error.code ?? error.message}`),
  );
  await rm(probe, { force: true });
}
