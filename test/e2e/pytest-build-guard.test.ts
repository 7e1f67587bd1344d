// needs: processes
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// `python -m build` of the pytest plugin without the fake's bundle (no `npm run build:pytest`
// first) fails at build time naming the fix, instead of making a wheel that installs and fails
// when the first test starts the fake. The wheel built with the bundle is
// test/e2e/pytest-plugin.test.ts's.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PLUGIN = join(ROOT, 'python/pytest-hpe-fake-central');
const PYTHON = join(ROOT, '.venv/bin/python');
const work = mkdtempSync(join(tmpdir(), 'hmb-build-guard-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('building the pytest plugin without the fake bundle', () => {
  it('fails at build time, naming npm run build:pytest', async () => {
    const source = join(work, 'plugin');
    cpSync(PLUGIN, source, {
      recursive: true,
      filter: (path) => !/_bundle|__pycache__|\.egg-info/.test(path),
    });
    for (const target of ['--wheel', '--sdist']) {
      const failed = await run(
        PYTHON,
        ['-m', 'build', target, '--outdir', join(work, 'dist'), source],
        {
          maxBuffer: 16 << 20,
          timeout: 300_000,
        },
      ).then(
        () => undefined,
        (error: { stdout?: string; stderr?: string }) => `${error.stdout}\n${error.stderr}`,
      );
      expect(failed, target).toContain('src/hpe_fake_central/_bundle/index.js is missing');
      expect(failed, target).toContain('Fix: run `npm run build:pytest`');
    }
    const dist = join(work, 'dist');
    expect(existsSync(dist) ? readdirSync(dist) : []).toEqual([]);
  }, 600_000);
});
