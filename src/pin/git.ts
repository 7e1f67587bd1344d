import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BenchError } from '../common/errors.js';

const run = promisify(execFile);

/**
 * The server's checkout is not trusted: its `.git/config` (and the system's and the user's) may
 * name programs git runs on a diff or a show: `diff.external`, a `diff.<driver>.textconv` or
 * `.command` picked by `.gitattributes`, `core.fsmonitor`, `core.pager`, `gpg.program` through
 * `log.showSignature`, hooks. The command line overrides the repository's settings, and the
 * diff commands take `--no-ext-diff --no-textconv`, so none of them runs.
 */
const SAFE_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.pager=cat',
  'log.showSignature=false',
  'gpg.program=false',
  'diff.noprefix=false',
  'diff.mnemonicPrefix=false',
  'color.ui=false',
].flatMap((setting) => ['-c', setting]);

/** No system or global config, no prompt, no pager, no external diff from the environment. */
const safeEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
  GIT_OPTIONAL_LOCKS: '0',
  GIT_EXTERNAL_DIFF: undefined,
  GIT_DIFF_OPTS: undefined,
  GIT_CONFIG_PARAMETERS: undefined,
  GIT_CONFIG_COUNT: undefined,
});

/**
 * Runs `git -C dir …` without a shell and with the checkout's own programs disabled
 * (SAFE_CONFIG); resolves to stdout, or null when git exits non-zero.
 */
export async function gitOrNull(dir: string, args: readonly string[]): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['-C', dir, ...SAFE_CONFIG, ...args], {
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
      env: safeEnv(),
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
  gitOrNull(dir, ['show', '--no-textconv', '--no-ext-diff', `${commit}:${path}`]);

/** Paths renamed between two commits (old → new), by git's rename detection. */
export async function renames(dir: string, from: string, to: string): Promise<Map<string, string>> {
  const out =
    (await gitOrNull(dir, [
      'diff',
      '--no-ext-diff',
      '--no-textconv',
      '-M',
      '--name-status',
      '-z',
      from,
      to,
    ])) ?? '';
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

/**
 * `git diff -U0` of two blobs (`commit:path`), for line mapping. A diff git could not make is an
 * error: read as "no change" it would re-anchor every citation to its old line number.
 */
export async function diffBlobs(dir: string, a: string, b: string): Promise<string> {
  const out = await gitOrNull(dir, [
    'diff',
    '--no-ext-diff',
    '--no-textconv',
    '-U0',
    '--no-color',
    a,
    b,
  ]);
  if (out === null)
    throw new BenchError('internal', `git -C ${dir} diff ${a} ${b} failed`, {
      hint: `run it yourself to see why (git -C ${dir} diff ${a} ${b})`,
    });
  return out;
}
