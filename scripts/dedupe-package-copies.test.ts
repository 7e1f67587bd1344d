// needs: processes
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { dedupePackageCopies, duplicateCopies } from './dedupe-package-copies.js';

// The tree npm leaves when the top level holds another version: `dup@1.0.0` nested twice
// (under `a` and under `@s/b`), `dup@2.0.0` at the top, which the entry imports itself.
const root = mkdtempSync(join(tmpdir(), 'dedupe-copies-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
function pkg(dir: string, name: string, version: string, main: string): void {
  write(`${dir}/package.json`, JSON.stringify({ name, version, main: 'index.js' }));
  write(`${dir}/index.js`, main);
}
pkg('node_modules/dup', 'dup', '2.0.0', 'export const v = "dup two";\n');
pkg('node_modules/a', 'a', '1.0.0', 'export { v } from "dup";\n');
pkg('node_modules/a/node_modules/dup', 'dup', '1.0.0', 'export const v = "dup one";\n');
pkg('node_modules/@s/b', '@s/b', '1.0.0', 'export { v } from "dup/index.js";\n');
pkg('node_modules/@s/b/node_modules/dup', 'dup', '1.0.0', 'export const v = "dup one";\n');
write(
  'entry.js',
  'import { v as a } from "a"; import { v as b } from "@s/b"; import { v as c } from "dup";\nconsole.log(a, b, c);\n',
);

async function bundle(plugins: Plugin[]): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['entry.js'],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    plugins,
  });
  return result.outputFiles[0]?.text ?? '';
}
const count = (text: string, what: string): number => text.split(what).length - 1;

describe('dedupePackageCopies (one copy of each package version in a bundle)', () => {
  it('maps every nested copy to the twin whose directory sorts first, never across versions', () => {
    const moved = duplicateCopies(root);
    expect(
      [...moved].map(([from, to]) => [from.slice(root.length), to.slice(root.length)]),
    ).toEqual([['/node_modules/a/node_modules/dup', '/node_modules/@s/b/node_modules/dup']]);
  });

  it('bundles the two nested copies of dup@1.0.0 once, and dup@2.0.0 beside them', async () => {
    // Without the plugin, each copy is its own module (what it prevents).
    const plain = await bundle([]);
    expect(count(plain, '"dup one"')).toBe(2);
    const deduped = await bundle([dedupePackageCopies(root)]);
    expect(count(deduped, '"dup one"')).toBe(1);
    expect(count(deduped, '"dup two"')).toBe(1);
    expect(deduped).toContain('// node_modules/@s/b/node_modules/dup/index.js');
    expect(deduped).not.toContain('node_modules/a/node_modules/dup');
  });

  it('gives the same bytes however often it builds', async () => {
    const first = await bundle([dedupePackageCopies(root)]);
    expect(await bundle([dedupePackageCopies(root)])).toBe(first);
  });
});
