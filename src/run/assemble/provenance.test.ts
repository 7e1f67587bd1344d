import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../common/package-root.js';
import { fixtureInfo, gitHead, harnessVersion, manifestHash } from './provenance.js';

async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'manifest-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

describe('manifestHash', () => {
  it('is the same whatever order and however often the files are given', async () => {
    const dir = await tree({ 'a.yaml': 'A', 'b.yaml': 'B' });
    const one = await manifestHash(['b.yaml', 'a.yaml', 'b.yaml'], dir, dir);
    const two = await manifestHash([join(dir, 'a.yaml'), 'b.yaml'], dir, dir);
    expect(one).toEqual(two);
    expect(one.files).toEqual(['a.yaml', 'b.yaml']);
    expect(one.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('changes when a byte or a file name changes', async () => {
    const dirA = await tree({ 'a.yaml': 'A' });
    const dirB = await tree({ 'a.yaml': 'a' });
    const dirC = await tree({ 'c.yaml': 'A' });
    const a = await manifestHash(['a.yaml'], dirA, dirA);
    expect((await manifestHash(['a.yaml'], dirB, dirB)).hash).not.toBe(a.hash);
    expect((await manifestHash(['c.yaml'], dirC, dirC)).hash).not.toBe(a.hash);
    // Same content and name under another root: same hash (a clone's location does not matter).
    const again = await tree({ 'a.yaml': 'A' });
    expect((await manifestHash(['a.yaml'], again, again)).hash).toBe(a.hash);
  });
});

describe('gitHead', () => {
  it('is null outside a git checkout', async () => {
    expect(await gitHead(await mkdtemp(join(tmpdir(), 'nogit-')))).toBeNull();
  });

  it('is a 40-hex SHA inside this repository', async () => {
    const sha = await gitHead(packageRoot());
    // The package may be installed without .git; then there is nothing to assert.
    if (sha !== null) expect(sha).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe('harnessVersion and fixtureInfo', () => {
  it('read package.json and a bundle manifest', async () => {
    expect(await harnessVersion()).toMatch(/^\d+\.\d+\.\d+/);
    const info = await fixtureInfo(packageRoot(), 'fixtures/central/site-a');
    expect(info).toMatchObject({ path: 'fixtures/central/site-a', id: 'site-a' });
    expect(info.content_hash).not.toBe('');
  });
});
