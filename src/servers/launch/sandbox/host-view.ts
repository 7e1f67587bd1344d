import { closeSync, lstatSync, openSync, readlinkSync, readSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { inside, realish } from '../../../common/real-paths.js';

/**
 * The host's system directories a sandbox shows, read-only: programs, libraries, their
 * configuration (`/etc`: CA bundles, passwd, locales), tool caches under `/opt` (GitHub's
 * hosted Python and Node), and `/sys`. Not `/home`, `/root`, `/tmp`, `/run`, `/var`, `/srv`,
 * `/mnt` or the workspace: what else a server needs is bound by name (runtimeDirs, its cwd).
 */
export const SYSTEM_DIRS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/etc',
  '/opt',
  '/sys',
];

/** bwrap arguments for the system directories: a link stays a link (merged /usr), a dir is bound. */
export function systemMounts(): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_DIRS) {
    try {
      const stat = lstatSync(dir);
      if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
      else if (stat.isDirectory()) args.push('--ro-bind', dir, dir);
    } catch {
      // not on this host
    }
  }
  return args;
}

const underSystem = (path: string): boolean =>
  SYSTEM_DIRS.some((dir) => inside(path, dir) || inside(path, realish(dir)));

/** Where a program `file` (resolved) is installed: its `bin/`'s parent, else its directory. */
function prefixOf(file: string): string {
  const dir = dirname(file);
  return ['bin', 'sbin'].includes(basename(dir)) ? dirname(dir) : dir;
}

/** The interpreter a script names on its `#!` line (`/usr/bin/env python3` → `python3`). */
function shebangOf(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(256);
    const text = head.subarray(0, readSync(fd, head, 0, 256, 0)).toString('utf8');
    if (!text.startsWith('#!')) return undefined;
    const [interpreter, first] = (text.slice(2).split('\n')[0] ?? '').trim().split(/\s+/);
    return interpreter !== undefined && basename(interpreter) === 'env' ? first : interpreter;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** A command as execvp finds it: a path as is (against `cwd`), a bare name on `path`. */
function findProgram(command: string, path: string, cwd: string): string | undefined {
  const candidates = command.includes('/')
    ? [resolve(cwd, command)]
    : path
        .split(delimiter)
        .filter(isAbsolute)
        .map((dir) => join(dir, command));
  return candidates.find((file) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * The directories a server's program needs besides the system's, read-only: the installation
 * of its command (resolved through links: a venv's `python` leads to the Python it was made
 * from, a Node from nvm to its version's directory), of the interpreter its `#!` line names, of
 * `extra` programs (the harness's own node, which runs the relay), and the `bin` directories
 * of its PATH. A directory that is or holds the home or `/` is never shown whole.
 */
export function runtimeDirs(
  spec: { command: string; env: Record<string, string>; cwd: string },
  extra: readonly string[],
): string[] {
  const path = spec.env.PATH ?? '';
  const home = realish(homedir());
  const dirs = new Set<string>();
  const add = (dir: string) => {
    const real = realish(dir);
    if (real === '/' || inside(home, real) || underSystem(real)) return;
    dirs.add(real);
  };
  const addProgram = (command: string, depth: number) => {
    const found = findProgram(command, path, spec.cwd);
    if (found === undefined) return;
    add(dirname(found));
    const real = realish(found);
    add(prefixOf(real));
    const interpreter = depth < 2 ? shebangOf(real) : undefined;
    if (interpreter !== undefined) addProgram(interpreter, depth + 1);
  };
  addProgram(spec.command, 0);
  for (const program of extra) addProgram(program, 1);
  for (const dir of path.split(delimiter)) {
    if (isAbsolute(dir) && ['bin', 'sbin'].includes(basename(dir))) add(dir);
  }
  return [...dirs];
}
