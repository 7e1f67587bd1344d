import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDirOf } from './bundled-packages.js';
import { listedPackages } from './render-notices.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NOTICES = 'third-party-notices.txt';

/** Every file under `dir` whose name matches, recursively. */
function filesUnder(dir: string, match: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => match.test(f))
    .map((f) => join(dir, f));
}

/**
 * The packages dist's own code names: esbuild starts each module it inlines with a
 * `// node_modules/…` comment (webpack, the earlier bundler, with `// CONCATENATED MODULE:
 * ./node_modules/…`). Read from the emitted files, independently of the metafile the notices
 * come from.
 */
function namedInDist(): Set<string> {
  const named = new Set<string>();
  for (const file of filesUnder(join(ROOT, 'dist'), /\.js$/)) {
    const code = readFileSync(file, 'utf8');
    const paths = [
      ...code.matchAll(/^\/\/ (node_modules\/\S+)$/gm),
      ...code.matchAll(/CONCATENATED MODULE: \.\/(node_modules\/\S+)/g),
    ];
    for (const [, path = ''] of paths) {
      const pkgDir = packageDirOf(`/${path}`);
      if (!pkgDir || !existsSync(join(ROOT, pkgDir, 'package.json'))) continue;
      const pkg = JSON.parse(readFileSync(join(ROOT, pkgDir, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
      };
      named.add(`${pkg.name}@${pkg.version}`);
    }
  }
  return named;
}

describe('the committed dist/', () => {
  // dist/ is rebuilt by `npm run build` (check-dist keeps it equal to a fresh build), which
  // writes the notices of the build: a dist without them is a failure, not a skip.
  it(`names in its ${NOTICES} every package its code inlines`, () => {
    const files = filesUnder(join(ROOT, 'dist'), new RegExp(`(^|/)${NOTICES}$`));
    expect(files.length, `no ${NOTICES} under dist/: run npm run build`).toBeGreaterThan(0);
    const listed = new Set(files.flatMap((f) => [...listedPackages(readFileSync(f, 'utf8'))]));
    const named = namedInDist();
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter((p) => !listed.has(p))).toEqual([]);
  });

  // A package version bundled from two directories is the same code twice (npm nests one copy
  // per dependent when another version holds the top level): scripts/dedupe-package-copies.ts
  // sends every import to one copy, and the notices list each copy's directories on one line.
  it('carries each package version from one directory only', () => {
    const files = filesUnder(join(ROOT, 'dist'), new RegExp(`(^|/)${NOTICES}$`));
    const twice = files.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .filter((line) => /^Path: .*, /.test(line)),
    );
    expect(twice, 'bundled from more than one copy: run npm run build').toEqual([]);
  });
});
