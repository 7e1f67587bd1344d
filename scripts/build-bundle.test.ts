// needs: processes
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBundle,
  CHUNKS_DIR,
  NOTICES_FILE,
  writeBundleNotices,
  type BundleNotices,
} from './build-bundle.js';
import { createSbom, type CdxBom, type CdxComponent } from './notices/sbom-licenses.js';
import { listedPackages, NO_TEXT } from './notices/render-notices.js';

const ROOT = resolve(import.meta.dirname, '..');
const out = mkdtempSync(join(tmpdir(), 'notices-bundle-'));
let bom: CdxBom;
let built: BundleNotices;
let notices: string;

/** name@version of a package directory, read from its own package.json (not from the SBOM). */
function installed(dir: string): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return `${pkg.name}@${pkg.version}`;
}

beforeAll(async () => {
  bom = createSbom(ROOT);
  // What earlier builds left: a chunk this one does not emit, and a numbered ncc chunk.
  mkdirSync(join(out, CHUNKS_DIR));
  writeFileSync(join(out, CHUNKS_DIR, 'chunk-OLD.js'), 'export const id = 999;\n');
  writeFileSync(join(out, '999.index.mjs'), 'export const id = 999;\n');
  // A real build of a small entry and one that shares its packages (a second of esbuild).
  built = await buildBundle(
    [
      { in: 'scripts/notices/fixture-entry.mjs', out: 'index' },
      { in: 'scripts/notices/fixture-entry-b.mjs', out: 'b/index' },
    ],
    out,
    { root: ROOT, bom },
  );
  notices = readFileSync(join(out, NOTICES_FILE), 'utf8');
}, 180_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('buildBundle (esbuild + metafile + CycloneDX SBOM)', () => {
  it('removes the chunks an earlier build left (the listing below is exact)', () => {
    expect(readdirSync(out)).not.toContain('999.index.mjs');
    expect(readdirSync(join(out, CHUNKS_DIR))).not.toContain('chunk-OLD.js');
  });

  it('writes code two entries share once, in a chunk both import', () => {
    const chunks = readdirSync(join(out, CHUNKS_DIR));
    expect(chunks).toHaveLength(1);
    const shared = `${CHUNKS_DIR}/${chunks[0] ?? ''}`;
    expect(built.files).toEqual(['b/index.js', 'index.js', shared]);
    expect(readFileSync(join(out, 'index.js'), 'utf8')).toContain(`./${shared}`);
    expect(readFileSync(join(out, 'b/index.js'), 'utf8')).toContain(`../${shared}`);
    // yaml is bundled once, in the shared chunk
    const copies = [join(out, 'index.js'), join(out, 'b/index.js'), join(out, shared)].filter((f) =>
      readFileSync(f, 'utf8').includes('// node_modules/yaml/dist/index.js'),
    );
    expect(copies).toEqual([join(out, shared)]);
  });

  it('finds every package the bundle carries, the transitive one included', () => {
    expect(built.dirs).toEqual([
      'node_modules/base64-js',
      'node_modules/js-tiktoken',
      'node_modules/re2js',
      'node_modules/yaml',
    ]);
    expect(readdirSync(out).sort()).toEqual(['b', CHUNKS_DIR, 'index.js', NOTICES_FILE]);
    expect(notices).toMatch(
      /^Third-party notices for .* \(b\/index\.js, index\.js, chunks\/.*\)\n/,
    );
  });

  it('lists every bundled package with its installed version and declared licence', () => {
    const listed = listedPackages(notices);
    for (const dir of built.dirs) expect(listed).toContain(installed(dir));
    expect(listed.size).toBe(built.dirs.length);
    expect(notices).toMatch(/^yaml \d+\.\d+\.\d+\nLicense: ISC\n/m);
    // the licence text the package ships, verbatim
    const license = readFileSync(join(ROOT, 'node_modules/yaml/LICENSE'), 'utf8').trimEnd();
    expect(notices).toContain(license);
  });

  it('says when a package ships no licence text instead of dropping it', () => {
    expect(notices).toMatch(
      new RegExp(
        `^js-tiktoken [\\d.]+\\nLicense: MIT\\nPath: node_modules/js-tiktoken\\n\\n${NO_TEXT.replace(/[()]/g, '\\$&')}$`,
        'm',
      ),
    );
  });

  it('fails the build when a bundled package is missing from the SBOM', () => {
    const metafile = {
      outputs: {
        'x/index.js': { inputs: { 'node_modules/yaml/dist/index.js': { bytesInOutput: 1 } } },
      },
    };
    const files = ['index.js'];
    const strip = (components: CdxComponent[] = []): CdxComponent[] =>
      components
        .filter((c) => c.name !== 'yaml')
        .map((c) => ({ ...c, components: strip(c.components) }));
    const lacking: CdxBom = { ...bom, components: strip(bom.components) };
    expect(() =>
      writeBundleNotices({ metafile, files, outDir: out, root: ROOT, bom: lacking }),
    ).toThrow(
      /carries node_modules\/yaml, which the SBOM does not list: run `npm ci` and build again/,
    );
    expect(writeBundleNotices({ metafile, files, outDir: out, root: ROOT, bom }).dirs).toEqual([
      'node_modules/yaml',
    ]);
  });
});
