import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDirOf } from './bundled-packages.js';
import { listedPackages } from './render-notices.js';

const ROOT = resolve(import.meta.dirname, '../..');
const BUNDLES = ['dist', 'dist/cli', 'dist/reference-server'];
const NOTICES = 'third-party-notices.txt';

/**
 * The packages the committed bundle's own code names: webpack marks each ES module it inlines
 * with `// CONCATENATED MODULE: ./node_modules/…`. A partial list (CommonJS modules carry only a
 * number), but read from the emitted files, independently of the stats the notices come from.
 */
function namedInBundle(bundle: string): Set<string> {
  const dir = join(ROOT, bundle);
  const named = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(dir, file), 'utf8');
    for (const [, path = ''] of code.matchAll(/CONCATENATED MODULE: \.\/(node_modules\/\S+)/g)) {
      const pkgDir = packageDirOf(`/${path}`);
      if (!pkgDir) continue;
      const pkg = JSON.parse(readFileSync(join(ROOT, pkgDir, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
      };
      named.add(`${pkg.name}@${pkg.version}`);
    }
  }
  return named;
}

describe.each(BUNDLES)('the committed %s bundle', (bundle) => {
  const notices = join(ROOT, bundle, NOTICES);
  // dist/ is rebuilt by `npm run build` (check-dist keeps it equal to a fresh build), which
  // writes the notices beside each bundle: a bundle without them is a failure, not a skip.
  it(`names in ${NOTICES} every package its code inlines`, () => {
    expect(existsSync(notices), `${notices} is missing: run npm run build`).toBe(true);
    const listed = listedPackages(readFileSync(notices, 'utf8'));
    const named = namedInBundle(bundle);
    expect(named.size).toBeGreaterThan(0);
    expect([...named].filter((p) => !listed.has(p))).toEqual([]);
  });
});
