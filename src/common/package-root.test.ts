import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BenchError } from './errors.js';
import { packageRoot, packageRootFrom } from './package-root.js';

const REPO = resolve(import.meta.dirname, '../..');
const outside = mkdtempSync(join(tmpdir(), 'no-package-root-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('packageRoot', () => {
  it('finds the repository from this module and from a folder below the root', () => {
    expect(packageRoot()).toBe(REPO);
    expect(packageRootFrom(join(REPO, 'src', 'common'))).toBe(REPO);
  });

  it('refuses to guess when no package root is above (no fallback to the working directory)', () => {
    let error: unknown;
    try {
      packageRootFrom(outside);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BenchError);
    expect((error as BenchError).message).toContain(`package root`);
    expect((error as BenchError).message).toContain(outside);
  });
});
