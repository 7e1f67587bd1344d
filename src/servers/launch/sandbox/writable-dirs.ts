import { lstatSync, mkdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BenchError } from '../../../common/errors.js';

/**
 * Creates the server's `writable:` directories (resolved paths inside its resolved cwd) one
 * component at a time, refusing any component that is not a real directory — a symbolic link
 * planted since the config was checked (by an earlier run of a server) is never followed, so the
 * bind that follows lands exactly on the checked path.
 */
export function makeWritableDirs(cwd: string, paths: readonly string[]): void {
  for (const path of paths) {
    let at = cwd;
    for (const part of relative(cwd, path)
      .split(sep)
      .filter((p) => p !== '')) {
      at = join(at, part);
      try {
        mkdirSync(at);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const stat = lstatSync(at);
      if (!stat.isDirectory()) {
        throw new BenchError(
          'config_invalid',
          `writable path ${path} cannot be bound: ${at} is ${stat.isSymbolicLink() ? 'a symbolic link' : 'not a directory'}`,
          {
            hint: `remove ${at}; a writable path must consist of real directories inside the server's cwd`,
          },
        );
      }
    }
  }
}
