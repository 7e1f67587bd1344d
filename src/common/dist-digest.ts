import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError } from './errors.js';

/** The digest of dist/, written by scripts/write-dist-digest.ts at the end of every build. */
export const DIGEST_FILE = 'dist-digest.json';

/** What the digest file holds: sha256 (hex) of every file of dist/ but itself, by relative path. */
export interface DistDigest {
  sha256: Record<string, string>;
}

/** Every file under `root` (relative, `/`-separated), sorted; the digest file itself left out. */
function filesOf(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(root);
  return out.filter((file) => file !== DIGEST_FILE).sort();
}

const sha256 = (path: string): string =>
  createHash('sha256').update(readFileSync(path)).digest('hex');

/** The digest of the dist/ directory `root` as it is now. */
export function digestOf(root: string): DistDigest {
  return {
    sha256: Object.fromEntries(filesOf(root).map((file) => [file, sha256(join(root, file))])),
  };
}

/**
 * Checks dist/ `root` against its recorded digest: a changed, missing or added file throws
 * BenchError('usage') naming it. A root without a digest file is not checked (a build without
 * one, or the harness running from source).
 */
export function verifyDist(root: string): void {
  const file = join(root, DIGEST_FILE);
  if (!existsSync(file)) return;
  let recorded: DistDigest;
  try {
    recorded = JSON.parse(readFileSync(file, 'utf8')) as DistDigest;
    if (typeof recorded.sha256 !== 'object' || recorded.sha256 === null)
      throw new Error('no sha256');
  } catch (error) {
    throw new BenchError(
      'usage',
      `${file}: the build's digest cannot be read (${(error as Error).message})`,
      {
        hint: 'reinstall hpe-mcp-bench (or rebuild: npm run build)',
      },
    );
  }
  const now = filesOf(root);
  const problem = (path: string, what: string) =>
    new BenchError(
      'usage',
      `${join(root, path)} ${what} since the harness was built (${file}): the harness will not run code it did not build`,
      {
        hint: 'something changed the harness install (a server under test with write access to it?); reinstall hpe-mcp-bench, or after rebuilding part of dist/ yourself run npm run build:digest',
      },
    );
  for (const [path, hash] of Object.entries(recorded.sha256)) {
    if (!now.includes(path)) throw problem(path, 'is missing');
    if (sha256(join(root, path)) !== hash) throw problem(path, 'has changed');
  }
  const added = now.find((path) => !(path in recorded.sha256));
  if (added !== undefined) throw problem(added, 'was added');
}

/** The dist/ directory this module was bundled into (walking up to its digest), or undefined. */
function ownDist(): string | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, DIGEST_FILE))) return dir;
    // The package root (a bundle directory may hold a package.json of its own): no digest.
    if (existsSync(join(dir, 'scenarios', 'scenario.schema.json')) || dirname(dir) === dir) {
      return undefined;
    }
  }
}

/**
 * Checks the harness's own bundle before it loads code lazily: called at the start of the CLI
 * and the action, and again before the lazily imported chunks are preloaded (a server may have
 * run in between). From source (no digest up to the package root) it checks nothing.
 */
export function verifyOwnBundle(): void {
  const root = ownDist();
  if (root !== undefined) verifyDist(root);
}
