import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs config module without types
import { LAYERS, MAX_DEPTH } from '../../eslint.boundaries.mjs';

const REPO = resolve(import.meta.dirname, '../..');
const layers = LAYERS as Record<string, string[]>;
const doc = readFileSync(resolve(REPO, 'ARCHITECTURE.md'), 'utf8');

/** The table rows of ARCHITECTURE.md whose first cell is a backquoted path: path → cells. */
function rows(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of doc.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const path = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (path !== undefined) found.set(path.replace(/\/$/, ''), cells.slice(2, -1));
  }
  return found;
}

const folders = (tree: string): string[] =>
  readdirSync(resolve(REPO, tree), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${tree}/${d.name}`);

describe('ARCHITECTURE.md is the map the lint enforces', () => {
  const table = rows();

  it('has a row for every folder of src/ and fake-central/', () => {
    const missing = [...folders('src'), ...folders('fake-central')].filter((f) => !table.has(f));
    expect(missing).toEqual([]);
  });

  it('gives every folder of src/ a layer in eslint.boundaries.mjs (the entries excepted)', () => {
    const entries = ['src/action', 'src/cli'];
    const missing = folders('src').filter(
      (f) => !entries.includes(f) && layers[f.slice('src/'.length)] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(layers))('src/%s: "may import" is its LAYERS list', (folder) => {
    const cells = table.get(`src/${folder}`);
    expect(cells, `ARCHITECTURE.md has no row for src/${folder}`).toBeDefined();
    const mayImport = (cells ?? [])[1] ?? '';
    const listed = mayImport === '—' ? [] : mayImport.split(',').map((s) => s.trim());
    expect(listed.sort()).toEqual([...(layers[folder] ?? [])].sort());
  });

  it('keeps test support out of src/ and fake-central/ (rule 7: it lives in test/helpers/)', () => {
    const misplaced = ['src', 'fake-central'].flatMap((tree) =>
      readdirSync(resolve(REPO, tree), { recursive: true, withFileTypes: true })
        .map((d) => relative(REPO, resolve(d.parentPath, d.name)).split(sep).join('/'))
        .filter((path) => !path.endsWith('.test.ts') && !path.includes('/__snapshots__/'))
        .filter((path) => /(^|\/)(test-[^/]*|test-fixtures|fixtures)(\/|$)/.test(path)),
    );
    expect(misplaced, 'move test support to test/helpers/ (test/README.md)').toEqual([]);
  });

  it(`has no file of src/ deeper than the layer rule reaches (${String(MAX_DEPTH)} folders)`, () => {
    const tooDeep = readdirSync(resolve(REPO, 'src'), { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile() && d.name.endsWith('.ts'))
      .map((d) => relative(REPO, resolve(d.parentPath, d.name)))
      .filter((path) => path.split(sep).length - 2 > (MAX_DEPTH as number));
    expect(tooDeep, 'raise MAX_DEPTH in eslint.boundaries.mjs').toEqual([]);
  });
});
