import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_IDS } from './fixtures/bundles.js';
import { generate, parseGenerateArgs } from './generate-fixtures.js';

const COMMITTED = fileURLToPath(new URL('../fixtures/central/', import.meta.url));

describe('parseGenerateArgs', () => {
  it('defaults to every bundle under fixtures/central', () => {
    expect(parseGenerateArgs([])).toEqual({ out: 'fixtures/central', bundles: BUNDLE_IDS });
  });

  it('takes --out and one or more --bundle', () => {
    expect(parseGenerateArgs(['--out', '/tmp/x', '--bundle', 'site-a'])).toEqual({
      out: '/tmp/x',
      bundles: ['site-a'],
    });
  });

  it('names the known bundles when given an unknown one', () => {
    expect(() => parseGenerateArgs(['--bundle', 'site-z'])).toThrow(
      /unknown bundle "site-z"; expected one of: site-a, campus-b/,
    );
  });

  it('rejects unknown options', () => {
    expect(() => parseGenerateArgs(['--seed', '3'])).toThrow();
  });
});

describe('the committed bundles are exactly the generator output', () => {
  let out = '';
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'fixtures-'));
    await generate({ out, bundles: BUNDLE_IDS });
  });
  afterAll(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it.each(BUNDLE_IDS)('%s: same file names, byte for byte', async (id) => {
    const fresh = (await readdir(join(out, id))).sort();
    const committed = (await readdir(join(COMMITTED, id))).sort();
    expect(committed).toEqual(fresh);
    for (const name of fresh) {
      const a = await readFile(join(out, id, name));
      const b = await readFile(join(COMMITTED, id, name));
      expect(a.equals(b), `${id}/${name} differs: run npm run fixtures and commit`).toBe(true);
    }
  });

  it('regenerates a single bundle into a directory with stale files removed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fixtures-one-'));
    try {
      await generate({ out: dir, bundles: ['site-a'] });
      await rm(join(dir, 'site-a', 'alerts.json'));
      const [result] = await generate({ out: dir, bundles: ['site-a'] });
      expect(result?.files).toBe((await readdir(join(dir, 'site-a'))).length);
      expect(await readdir(dir)).toEqual(['site-a']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
