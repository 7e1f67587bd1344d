import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function tsFiles(dir: string): string[] {
  return readdirSync(join(REPO, dir), { withFileTypes: true, recursive: true })
    .filter(
      (e) => e.isFile() && e.name.endsWith('.ts') && e.name !== 'declared-dependencies.test.ts',
    )
    .map((e) => join(e.parentPath, e.name));
}

/** The packages a file imports by name (`from 'x'`, `import('x')`), `@scope/name` kept whole. */
function imported(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)'([^'.][^']*)'/gm)].map(
    (m) => m[1] ?? '',
  );
  return (
    names
      // The package itself is named in its own export's examples.
      .filter(
        (n) => !n.startsWith('node:') && !builtinModules.includes(n) && !n.startsWith(pkg.name),
      )
      .map((n) => (n.startsWith('@') ? n.split('/').slice(0, 2).join('/') : (n.split('/')[0] ?? n)))
  );
}

describe('package.json declares every package the code imports', () => {
  it.each(['src', 'fake-central', 'examples'])('%s/: in dependencies', (tree) => {
    const declared = new Set(Object.keys(pkg.dependencies));
    const missing = tsFiles(tree)
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) =>
        imported(f)
          .filter((n) => !declared.has(n))
          .map((n) => `${n} (${f.slice(REPO.length + 1)})`),
      );
    expect(missing).toEqual([]);
  });

  it.each(['test', 'scripts'])('%s/ and the tests: in dependencies or devDependencies', (tree) => {
    const declared = new Set([
      ...Object.keys(pkg.dependencies),
      ...Object.keys(pkg.devDependencies),
    ]);
    const files = [...tsFiles(tree), ...tsFiles('src').filter((f) => f.endsWith('.test.ts'))];
    const missing = files.flatMap((f) =>
      imported(f)
        .filter((n) => !declared.has(n) && n !== 'vitest/config')
        .map((n) => `${n} (${f.slice(REPO.length + 1)})`),
    );
    expect(missing).toEqual([]);
  });
});
