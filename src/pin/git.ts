import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BenchError } from '../common/errors.js';

const run = promisify(execFile);

/** Runs `git -C dir …` without a shell; resolves to stdout, or null when git exits non-zero. */
export async function gitOrNull(dir: string, args: readonly string[]): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['-C', dir, ...args], {
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    });
    return stdout;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new BenchError(
        'usage',
        'git is not installed (pin reads the server repository with it)',
        {
          hint: 'install git and run the command again',
        },
      );
    return null;
  }
}

/** The full SHA of `ref` in `dir`, or null when it is not a commit there. */
export async function resolveCommit(dir: string, ref: string): Promise<string | null> {
  const out = await gitOrNull(dir, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return out === null ? null : out.trim();
}

/** The file at `commit:path` as text, or null when the commit has no such file. */
export const showFile = (dir: string, commit: string, path: string): Promise<string | null> =>
  gitOrNull(dir, ['show', `${commit}:${path}`]);

/** Paths renamed between two commits (old → new), by git's rename detection. */
export async function renames(dir: string, from: string, to: string): Promise<Map<string, string>> {
  const out = (await gitOrNull(dir, ['diff', '-M', '--name-status', '-z', from, to])) ?? '';
  const fields = out.split('\0');
  const map = new Map<string, string>();
  for (let i = 0; i < fields.length;) {
    const status = fields[i] ?? '';
    if (status.startsWith('R') || status.startsWith('C')) {
      if (status.startsWith('R')) map.set(fields[i + 1] ?? '', fields[i + 2] ?? '');
      i += 3;
    } else i += status === '' ? 1 : 2;
  }
  return map;
}

/** `git diff -U0` of two blobs (`commit:path`), for line mapping. */
export const diffBlobs = async (dir: string, a: string, b: string): Promise<string> =>
  (await gitOrNull(dir, ['diff', '-U0', '--no-color', a, b])) ?? '';
