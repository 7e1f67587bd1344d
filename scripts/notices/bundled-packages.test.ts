import { describe, expect, it } from 'vitest';
import { bundledPackageDirs, packageDirOf, type BundleMetafile } from './bundled-packages.js';

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
  it('reads every output’s inputs (entries, shared and lazy chunks), not the ones left no bytes', () => {
    const metafile: BundleMetafile = {
      outputs: {
        'dist/index.js': {
          inputs: {
            'src/index.ts': { bytesInOutput: 120 },
            'node_modules/re2js/build/index.js': { bytesInOutput: 900 },
          },
        },
        'dist/chunks/chunk-A.js': {
          inputs: { 'node_modules/yaml/dist/index.js': { bytesInOutput: 4000 } },
        },
        // a lazy chunk
        'dist/chunks/storage-B.js': {
          inputs: {
            'node_modules/@azure/storage-blob/dist/index.js': { bytesInOutput: 10 },
            'node_modules/a/node_modules/@s/b/x.js': { bytesInOutput: 5 },
            // tree-shaken away: nothing of it was emitted
            'node_modules/not-emitted/index.js': { bytesInOutput: 0 },
          },
        },
      },
    };
    expect(bundledPackageDirs(metafile, '/r')).toEqual([
      'node_modules/@azure/storage-blob',
      'node_modules/a/node_modules/@s/b',
      'node_modules/re2js',
      'node_modules/yaml',
    ]);
  });
});
