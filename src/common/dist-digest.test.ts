import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DIGEST_FILE, digestOf, verifyDist } from './dist-digest.js';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A small dist/ with a nested chunk and its digest written, as the build leaves it. */
function builtDist(): string {
  root = mkdtempSync(join(tmpdir(), 'hmb-dist-'));
  mkdirSync(join(root, 'cli'));
  writeFileSync(join(root, 'index.js'), 'export {};\n');
  writeFileSync(join(root, 'cli', '674.index.js'), 'export const ranks = 1;\n');
  writeFileSync(join(root, DIGEST_FILE), JSON.stringify(digestOf(root)));
  return root;
}

describe('the digest of dist/', () => {
  it('covers every file but itself, and passes an untouched build', () => {
    const dist = builtDist();
    expect(Object.keys(digestOf(dist).sha256)).toEqual(['cli/674.index.js', 'index.js']);
    expect(() => verifyDist(dist)).not.toThrow();
  });

  it('stops on a chunk a server appended code to, naming the file', () => {
    const dist = builtDist();
    appendFileSync(join(dist, 'cli', '674.index.js'), 'process.env.OPENAI_API_KEY;\n');
    expect(() => verifyDist(dist)).toThrow(`${join(dist, 'cli', '674.index.js')} has changed`);
  });

  it('stops on a file removed or planted', () => {
    const dist = builtDist();
    writeFileSync(join(dist, 'cli', '999.index.js'), 'planted\n');
    expect(() => verifyDist(dist)).toThrow(`${join(dist, 'cli', '999.index.js')} was added`);
    rmSync(join(dist, 'cli'), { recursive: true });
    expect(() => verifyDist(dist)).toThrow(`${join(dist, 'cli', '674.index.js')} is missing`);
  });

  it('checks nothing without a digest, and refuses an unreadable one', () => {
    const dist = builtDist();
    rmSync(join(dist, DIGEST_FILE));
    expect(() => verifyDist(dist)).not.toThrow();
    writeFileSync(join(dist, DIGEST_FILE), '{');
    expect(() => verifyDist(dist)).toThrow("the build's digest cannot be read");
  });
});
