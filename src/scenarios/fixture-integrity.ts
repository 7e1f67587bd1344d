import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { contentHashOf } from '../../fake-central/index.js';

/** Something wrong with a fixture bundle on disk, and how to fix it. */
export interface FixtureProblem {
  message: string;
  hint: string;
}

const REGENERATE =
  'fixture bundles are generated: restore the file from git, or change scripts/fixtures and run `npm run fixtures`';

const outside = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === '..' || rel.startsWith(`..${'/'}`) || rel.startsWith('..\\') || isAbsolute(rel);
};

/** The real path of `path`, or undefined when it dangles. */
function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Checks a bundle against its manifest before anything runs on it: no symlink (the bundle
 * directory, its manifest or a data file) may lead outside the bench root, every data file's
 * sha256 must be the one `manifest.json` lists (`files`), no file may be missing or extra, and
 * `contentHash` must cover them — the same hash the fake checks when it loads the bundle
 * (fake-central/fixture-store.ts), so a bundle `validate` accepts is one `run` can load.
 */
export function fixtureIntegrity(root: string, fixture: string): FixtureProblem[] {
  const rootReal = realPath(root) ?? resolve(root);
  const dir = resolve(root, fixture);
  const escapes = (path: string, shown: string): FixtureProblem | undefined => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    const real = realPath(path);
    if (real === undefined) {
      return stat?.isSymbolicLink()
        ? { message: `${shown} is a symlink to nothing`, hint: REGENERATE }
        : undefined;
    }
    if (!outside(real, rootReal)) return undefined;
    return {
      message: `${shown} ${stat?.isSymbolicLink() ? 'is a symlink to' : 'resolves to'} ${real}, outside the bench root ${rootReal}`,
      hint: 'fixtures must live inside the bench tree: replace the symlink with the bundle files themselves',
    };
  };
  const dirProblem = escapes(dir, fixture);
  if (dirProblem) return [dirProblem];
  const manifestProblem = escapes(join(dir, 'manifest.json'), `${fixture}/manifest.json`);
  if (manifestProblem) return [manifestProblem];
  let manifest: { files?: Record<string, string>; contentHash?: string };
  try {
    manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as typeof manifest;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [{ message: `${fixture}/manifest.json cannot be read (${reason})`, hint: REGENERATE }];
  }
  const listed = manifest.files ?? {};
  const problems: FixtureProblem[] = [];
  const hashes: Record<string, string> = {};
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== 'manifest.json')
    .sort();
  for (const name of names) {
    const shown = `${fixture}/${name}`;
    const escape = escapes(join(dir, name), shown);
    if (escape) {
      problems.push(escape);
      continue;
    }
    const hash = createHash('sha256')
      .update(readFileSync(join(dir, name)))
      .digest('hex');
    hashes[name] = hash;
    const expected = listed[name];
    if (expected === undefined) {
      problems.push({
        message: `${shown} is not in the bundle's manifest (files)`,
        hint: REGENERATE,
      });
    } else if (expected !== hash) {
      problems.push({
        message: `${shown} was edited: its sha256 ${hash.slice(0, 12)}… is not the manifest's ${expected.slice(0, 12)}…`,
        hint: REGENERATE,
      });
    }
  }
  for (const name of Object.keys(listed).filter((n) => !names.includes(n))) {
    problems.push({
      message: `${fixture}/${name} is in the manifest but missing`,
      hint: REGENERATE,
    });
  }
  if (problems.length === 0 && contentHashOf(hashes) !== manifest.contentHash) {
    problems.push({
      message: `${fixture}/manifest.json: contentHash does not match the bundle's files`,
      hint: REGENERATE,
    });
  }
  return problems;
}
