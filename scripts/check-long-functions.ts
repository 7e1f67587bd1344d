// `npm run lint:functions`: fails on a function of src/ or fake-central/ over 80 lines that
// scripts/long-functions-allowed.ts does not justify, and on an entry there that no longer
// matches a long function. Usage: tsx scripts/check-long-functions.ts [repository root].
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LONG_FUNCTIONS_ALLOWED } from './long-functions-allowed.js';
import {
  judgeLongFunctions,
  longFunctions,
  MAX_FUNCTION_LINES,
  type LongFunction,
} from './long-functions.js';

/** The production trees; tests, fixtures builders and scripts are tables and steps, not modules. */
export const FUNCTION_TREES = ['src', 'fake-central'] as const;

/** The long functions of the production files under `root` (test files left out). */
export function findLongFunctions(root: string): LongFunction[] {
  const found: LongFunction[] = [];
  for (const tree of FUNCTION_TREES) {
    const entries = readdirSync(join(root, tree), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts'))
        continue;
      const path = join(entry.parentPath, entry.name);
      const file = relative(root, path).split(sep).join('/');
      found.push(...longFunctions(file, readFileSync(path, 'utf8')));
    }
  }
  return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Runs the check on `root`; returns the exit code after printing what it found. */
export function checkLongFunctions(
  root: string,
  allowed: Readonly<Record<string, string>> = LONG_FUNCTIONS_ALLOWED,
): number {
  const found = findLongFunctions(root);
  const { unallowed, stale } = judgeLongFunctions(found, allowed);
  for (const f of unallowed) {
    console.error(
      `${f.file}:${f.line}: ${f.key.split('#')[1]} is ${f.lines} lines (over ${MAX_FUNCTION_LINES})`,
    );
  }
  if (unallowed.length > 0) {
    console.error(
      `\n${unallowed.length} function(s) over ${MAX_FUNCTION_LINES} lines. Split each into steps with names, or add its key to scripts/long-functions-allowed.ts with one line saying why it reads better whole.`,
    );
  }
  for (const key of stale) {
    console.error(
      `scripts/long-functions-allowed.ts: ${key} is no longer over ${MAX_FUNCTION_LINES} lines (or gone): remove its entry`,
    );
  }
  if (unallowed.length > 0 || stale.length > 0) return 1;
  console.log(
    `no function of ${FUNCTION_TREES.join(', ')} over ${MAX_FUNCTION_LINES} lines but the ${found.length} allowed in scripts/long-functions-allowed.ts`,
  );
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = checkLongFunctions(resolve(process.argv[2] ?? '.'));
}
