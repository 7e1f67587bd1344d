import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { ServerConfig } from '../../config/types.js';
import type { ServerCode } from '../../report/types.js';

const run = promisify(execFile);
const GIT_ENV = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '',
  GIT_TERMINAL_PROMPT: '0',
});

async function git(dir: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await run('git', args, { cwd: dir, timeout: 5_000, env: GIT_ENV() });
    return stdout;
  } catch {
    return null;
  }
}

/**
 * The directory of the code a server's command runs: the first argument (else the command) that
 * names an existing path, relative paths against the config's directory; null when none does
 * (a command found on PATH, a module name).
 */
export function serverCodeDir(config: ServerConfig, baseDir: string): string | null {
  const start = config.transport === 'stdio' ? config : config.start;
  // The command counts only as a path (`./run.sh`), never as a name looked up on PATH.
  const words = [...start.args, ...(start.command.includes('/') ? [start.command] : [])];
  for (const word of words) {
    if (word.startsWith('-') || word.includes('${')) continue;
    const path = isAbsolute(word) ? word : resolve(baseDir, word);
    if (!existsSync(path)) continue;
    return statSync(path).isDirectory() ? path : dirname(path);
  }
  return null;
}

/**
 * What actually ran: the code's directory, the HEAD of the checkout holding it and whether that
 * directory has uncommitted changes (a planted or edited copy); sha and dirty are null when it
 * is not a checkout. Null when the command names no path.
 */
export async function serverCode(
  config: ServerConfig,
  baseDir: string,
): Promise<ServerCode | null> {
  const dir = serverCodeDir(config, baseDir);
  if (dir === null) return null;
  // Inside the config's tree the path is relative, so a report does not name the runner's disk.
  const inside = relative(baseDir, dir);
  const path =
    inside === ''
      ? '.'
      : inside.startsWith('..') || isAbsolute(inside)
        ? dir
        : inside.split(sep).join('/');
  const head = (await git(dir, ['rev-parse', 'HEAD']))?.trim() ?? '';
  if (!/^[0-9a-f]{40}$/.test(head)) return { path, sha: null, dirty: null };
  const status = await git(dir, ['status', '--porcelain', '--', '.']);
  return { path, sha: head, dirty: status === null ? null : status.trim() !== '' };
}
