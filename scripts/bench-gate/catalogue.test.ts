import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/common/package-root.js';
import {
  applyPatches,
  CATALOGUE_FILE,
  loadCatalogue,
  parseCatalogue,
  PLANT_KINDS,
  PLANT_SERVERS,
  readSource,
  type SourceReader,
} from './catalogue.js';

const root = packageRoot();
const text = readFileSync(join(root, CATALOGUE_FILE), 'utf8');
const read = readSource(root);

/** The line of `needle`'s first occurrence in the catalogue (1-based). */
const lineOf = (needle: string): number => text.slice(0, text.indexOf(needle)).split('\n').length;

const entry = (fields: string): string =>
  `plants:\n  - id: x-one\n    server: python\n    kind: wrong-path\n    tool: list_alerts\n    why: w\n${fields}`;
const patch = (find: string, file = 'hpe_reference_py/tools/alerts.py') =>
  `    patches:\n      - file: ${file}\n        find: '${find}'\n        replace: 'changed'\n`;

describe('the planted-regression catalogue', () => {
  it('applies to the current sources: every find text is in its file exactly once', () => {
    const { plants, errors } = loadCatalogue(root);
    expect(errors).toEqual([]);
    expect(plants.length).toBeGreaterThanOrEqual(40);
    // Every kind of mistake, in both servers.
    expect(new Set(plants.map((p) => p.kind))).toEqual(new Set(PLANT_KINDS));
    expect(new Set(plants.map((p) => p.server))).toEqual(new Set(Object.keys(PLANT_SERVERS)));
    for (const plant of plants)
      for (const p of plant.patches) {
        const source = read(`${PLANT_SERVERS[plant.server]}/${p.file}`) ?? '';
        expect(applyPatches(source, [p]), plant.id).not.toBe(source);
      }
  });

  it('fails naming the line when a find text rotted in the catalogue', () => {
    const find = 'max_items=limit or 1000,';
    const rotted = text.replace(find, 'max_items=limit or 2000,');
    const { errors } = parseCatalogue(CATALOGUE_FILE, rotted, read);
    expect(errors).toEqual([
      expect.stringContaining(
        `${CATALOGUE_FILE}:${lineOf(find)}:15: /plants/0/patches/0/find: the find text is no longer in examples/python-reference-server/hpe_reference_py/tools/client_diagnosis.py (the server changed: update the find text`,
      ),
    ]);
  });

  it('fails when the server changed under a find text', () => {
    const changed: SourceReader = (path) =>
      path.endsWith('tools/alerts.ts')
        ? (read(path) ?? '').replace('deferUntil: a.defer_until', 'deferUntil: a.deferUntil')
        : read(path);
    const { errors } = parseCatalogue(CATALOGUE_FILE, text, changed);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /planted\.yml:\d+:\d+: \/plants\/\d+\/patches\/0\/find: the find text is no longer in examples\/reference-server\/tools\/alerts\.ts/,
    );
  });

  it('refuses an ambiguous find, an unknown kind, tool or file, and a duplicate id', () => {
    const ambiguous = parseCatalogue('c.yml', entry(patch('status')), read).errors;
    expect(ambiguous[0]).toMatch(
      /c\.yml:9:15: \/plants\/0\/patches\/0\/find: the find text occurs \d+ times in .*alerts\.py; it must be unique/,
    );
    const kind = parseCatalogue(
      'c.yml',
      entry(patch('A = ')).replace('wrong-path', 'wrong-pth'),
      read,
    ).errors;
    expect(kind[0]).toContain('unknown kind "wrong-pth" (did you mean "wrong-path"?');
    const tool = parseCatalogue(
      'c.yml',
      entry(patch('A = ')).replace('list_alerts', 'list_alert'),
      read,
    ).errors;
    expect(tool[0]).toContain('python reference server defines no tool "list_alert"');
    const file = parseCatalogue('c.yml', entry(patch('A = ', 'tools/nope.py')), read).errors;
    expect(file[0]).toContain('examples/python-reference-server/tools/nope.py does not exist');
    const twice = entry(patch('A = ')) + entry(patch('A = ')).replace('plants:\n', '');
    expect(parseCatalogue('c.yml', twice, read).errors).toEqual([
      expect.stringContaining('id x-one appears twice'),
    ]);
    expect(parseCatalogue('c.yml', entry(patch('A = ')), read).errors).toEqual([]);
  });

  it('applies patches in order and refuses one that no longer applies', () => {
    expect(
      applyPatches('a b', [
        { file: 'f', find: 'a', replace: 'c' },
        { file: 'f', find: 'b', replace: '$&d' },
      ]),
    ).toBe('c $&d');
    expect(() => applyPatches('a', [{ file: 'f', find: 'z', replace: 'y' }])).toThrow(
      /does not apply/,
    );
  });
});
