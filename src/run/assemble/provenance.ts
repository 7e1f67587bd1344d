import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { Report } from '../../report/types.js';
import { packageRoot } from '../../common/package-root.js';

const run = promisify(execFile);

/** `a/b/c` on every platform, so hashes and reports do not depend on the OS. */
const posix = (path: string): string => path.split(sep).join('/');

/**
 * The manifest hash: sha256 over the scenario files, sorted by their path relative to `root`;
 * for each file the path, a newline, the byte length, a newline and the bytes. Returns the
 * relative paths too. Renaming a file changes the hash (the suite name defaults to it).
 */
export async function manifestHash(
  files: readonly string[],
  root: string,
  cwd: string,
): Promise<Omit<Report['manifest'], 'scenarios'>> {
  const entries = [...new Set(files.map((file) => resolve(cwd, file)))]
    .map((absolute) => ({ absolute, path: posix(relative(root, absolute)) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hash = createHash('sha256');
  for (const entry of entries) {
    const bytes = await readFile(entry.absolute);
    hash.update(`${entry.path}\n${bytes.length}\n`);
    hash.update(bytes);
  }
  return { hash: `sha256:${hash.digest('hex')}`, files: entries.map((e) => e.path) };
}

/**
 * HEAD of the git checkout holding `dir`, or null (not a checkout, no git, or a timeout). Runs
 * `git rev-parse HEAD` without a shell and with a clean, minimal environment.
 */
export async function gitHead(dir: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['rev-parse', 'HEAD'], {
      cwd: dir,
      timeout: 5_000,
      env: { PATH: process.env.PATH ?? '', GIT_TERMINAL_PROMPT: '0' },
    });
    const sha = stdout.trim();
    return /^[0-9a-f]{40}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/** The harness's own version (package.json of hpe-mcp-bench). */
export async function harnessVersion(): Promise<string> {
  const text = await readFile(join(packageRoot(), 'package.json'), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

/** id, version and contentHash of a fixture bundle, read from its manifest.json alone. */
export async function fixtureInfo(
  root: string,
  fixture: string,
): Promise<Report['fixtures'][number]> {
  const text = await readFile(join(resolve(root, fixture), 'manifest.json'), 'utf8');
  const manifest = JSON.parse(text) as { id: string; version: string; contentHash: string };
  return {
    path: fixture,
    id: manifest.id,
    version: manifest.version,
    content_hash: manifest.contentHash,
  };
}
