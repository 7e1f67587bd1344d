import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../../../test/helpers/servers/launch/test-servers.js';

const DYNAMIC_IMPORT = /\bimport\(\s*'([^'.][^']*)'\s*\)/g;
const specifiers = (text: string): string[] =>
  [...text.matchAll(DYNAMIC_IMPORT)].map((m) => m[1] ?? '');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('preloadLazyModules', () => {
  it('imports every package the harness imports lazily (each one a chunk of the bundle)', () => {
    const self = join(REPO_ROOT, 'src/servers/launch/sandbox/preload-lazy-modules.ts');
    const lazy = new Set(
      sources(join(REPO_ROOT, 'src'))
        .filter((file) => file !== self)
        .flatMap((file) => specifiers(readFileSync(file, 'utf8'))),
    );
    expect([...lazy].sort()).toEqual(
      ['@anthropic-ai/sdk', 'js-tiktoken/ranks/o200k_base', 'openai'].sort(),
    );
    expect(specifiers(readFileSync(self, 'utf8')).sort()).toEqual([...lazy].sort());
  });
});
