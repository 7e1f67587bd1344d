import { describe, expect, it } from 'vitest';
import { listedPackages, NO_TEXT, renderNotices } from './render-notices.js';
import type { PackageNotice } from './sbom-licenses.js';

const header = { bundle: 'dist/cli', files: ['index.js', '413.index.js'], tool: 'cdx 1' };
const yaml: PackageNotice = {
  path: 'node_modules/yaml',
  name: 'yaml',
  version: '2.9.1',
  licenses: ['ISC'],
  texts: [{ file: 'LICENSE', text: 'Copyright Eemeli Aro' }],
};
const bare: PackageNotice = {
  path: 'node_modules/js-tiktoken',
  name: 'js-tiktoken',
  version: '1.0.21',
  licenses: ['MIT'],
  texts: [],
};
const undici = (path: string): PackageNotice => ({
  path,
  name: 'undici',
  version: '6.29.1',
  licenses: ['MIT'],
  texts: [{ file: 'LICENSE', text: 'MIT License' }],
});

describe('renderNotices', () => {
  const text = renderNotices(header, [
    yaml,
    bare,
    undici('node_modules/b/node_modules/undici'),
    undici('node_modules/a/node_modules/undici'),
  ]);

  it('gives each package its version, licence and texts, sorted by name', () => {
    expect(text).toContain('Third-party notices for dist/cli (index.js, 413.index.js)');
    expect(text).toContain('carries code from the 3 npm packages below');
    expect(text).toMatch(
      / {2}js-tiktoken 1\.0\.21: MIT\n {2}undici 6\.29\.1: MIT\n {2}yaml 2\.9\.1: ISC\n/,
    );
    expect(text).toContain('yaml 2.9.1\nLicense: ISC\nPath: node_modules/yaml\n');
    expect(text).toContain('LICENSE:\n\nCopyright Eemeli Aro\n');
  });

  it('says so when a package ships no licence text, with its declared licence', () => {
    expect(text).toContain(
      `js-tiktoken 1.0.21\nLicense: MIT\nPath: node_modules/js-tiktoken\n\n${NO_TEXT}\n`,
    );
  });

  it('gives copies of one version one section naming every path', () => {
    expect(text).toContain(
      'Path: node_modules/a/node_modules/undici, node_modules/b/node_modules/undici\n',
    );
    expect(text.match(/^undici 6\.29\.1$/gm)).toHaveLength(1);
  });

  it('writes the same bytes for the same packages in any order', () => {
    expect(
      renderNotices(header, [
        bare,
        undici('node_modules/a/node_modules/undici'),
        undici('node_modules/b/node_modules/undici'),
        yaml,
      ]),
    ).toBe(text);
  });

  it('lists the packages it has a section for, and misses one whose section is gone', () => {
    expect(listedPackages(text)).toEqual(
      new Set(['js-tiktoken@1.0.21', 'undici@6.29.1', 'yaml@2.9.1']),
    );
    const without = text.replace(/={78}\nyaml 2\.9\.1\n[\s\S]*$/, '');
    expect(listedPackages(without)).toEqual(new Set(['js-tiktoken@1.0.21', 'undici@6.29.1']));
  });

  it('marks a package that declares no licence', () => {
    expect(renderNotices(header, [{ ...bare, licenses: [] }])).toContain(
      'License: (no license declared)',
    );
  });
});
