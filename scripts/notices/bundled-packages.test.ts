import { describe, expect, it } from 'vitest';
import { bundledPackageDirs, packageDirOf, type WebpackStats } from './bundled-packages.js';

describe('packageDirOf', () => {
  it.each([
    ['/r/node_modules/yaml/dist/index.js', '/r/node_modules/yaml'],
    ['/r/node_modules/@actions/core/lib/core.js', '/r/node_modules/@actions/core'],
    [
      '/r/node_modules/@actions/github/node_modules/undici/index.js',
      '/r/node_modules/@actions/github/node_modules/undici',
    ],
    [
      '/r/node_modules/tsyringe/node_modules/tslib/tslib.es6.js',
      '/r/node_modules/tsyringe/node_modules/tslib',
    ],
    ['/r/src/cli/index.ts', undefined],
    ['/r/node_modules/@scope', undefined],
  ])('%s → %s', (file, dir) => {
    expect(packageDirOf(file)).toBe(dir);
  });
});

describe('bundledPackageDirs', () => {
  it('reads emitted modules and the modules concatenated into them, not unemitted ones', () => {
    const stats: WebpackStats = {
      modules: [
        {
          nameForCondition: '/r/src/index.ts',
          chunks: [1],
          modules: [
            { nameForCondition: '/r/src/index.ts' },
            { nameForCondition: '/r/node_modules/re2js/build/index.js' },
          ],
        },
        { nameForCondition: '/r/node_modules/yaml/dist/index.js', chunks: [1] },
        // a lazy chunk
        { nameForCondition: '/r/node_modules/@azure/storage-blob/dist/index.js', chunks: [413] },
        {
          nameForCondition: '/r/node_modules/a/node_modules/@s/b/x.js',
          chunks: [413],
        },
        // an orphan (concatenated elsewhere or dropped): not emitted on its own
        { nameForCondition: '/r/node_modules/not-emitted/index.js', chunks: [] },
        // externals and webpack runtime modules have no resource
        { chunks: [1] },
      ],
    };
    expect(bundledPackageDirs(stats, '/r')).toEqual([
      'node_modules/@azure/storage-blob',
      'node_modules/a/node_modules/@s/b',
      'node_modules/re2js',
      'node_modules/yaml',
    ]);
  });
});
