import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';

/** Whether `path` is `root` or lies below it (both absolute, compared as text). */
export function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The absolute path with its longest existing prefix resolved through symbolic links (the rest,
 * which does not exist yet, appended as written): where a write to it would land today.
 */
export function realish(path: string): string {
  let head = resolve(path);
  const tail: string[] = [];
  for (;;) {
    try {
      return resolve(realpathSync(head), ...tail.reverse());
    } catch {
      const parent = dirname(head);
      if (parent === head) return resolve(path);
      tail.push(relative(parent, head));
      head = parent;
    }
  }
}
