import { isAbsolute, relative } from 'node:path';

/**
 * A path as messages show it: relative to `cwd` when it lies inside it (`scenarios/alerts.yaml`),
 * else as given (an absolute path, or one outside the working directory).
 */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}
