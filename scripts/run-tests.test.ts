// needs: processes
/**
 * scripts/run-tests.ts (`npm test`): the venvs are made while the process-free project runs, the
 * processes project starts only once they are made, and the exit code is the worst of the three.
 * Each step here is a small `node -e` that proves, through files, what ran when.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { npmTestPlan, runTestPlan, type Step } from './run-tests.js';

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const node = (label: string, script: string): Step => ({
  label,
  command: process.execPath,
  args: ['-e', script],
});

/** Waits up to 10 s for a file; exits 7 if it never comes (the steps did not overlap). */
const waitFor = (file: string): string =>
  `const fs = require('node:fs'); const until = Date.now() + 10000;
   const tick = () => fs.existsSync(${JSON.stringify(file)}) ? done() :
     Date.now() > until ? process.exit(7) : setTimeout(tick, 20);`;

describe('npm test (scripts/run-tests.ts)', () => {
  it('makes the venvs while the first project runs, and runs the second once both are done', async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-tests-'));
    const [firstStarted, made, thenRan] = ['first', 'made', 'then'].map((f) => join(dir, f));
    const code = await runTestPlan({
      // The venvs' step ends only once the first project has started: they must overlap.
      beside: node(
        'the venvs',
        `${waitFor(firstStarted as string)} const done = () => fs.writeFileSync(${JSON.stringify(made)}, ''); tick();`,
      ),
      first: node(
        'the first project',
        `require('node:fs').writeFileSync(${JSON.stringify(firstStarted)}, '');`,
      ),
      then: node(
        'the second project',
        `const fs = require('node:fs'); if (!fs.existsSync(${JSON.stringify(made)})) process.exit(3);
         fs.writeFileSync(${JSON.stringify(thenRan)}, '');`,
      ),
    });
    expect(code).toBe(0);
    expect(existsSync(thenRan as string)).toBe(true);
  });

  it('skips the second project when a venv cannot be made, printing what the step printed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-tests-'));
    const thenRan = join(dir, 'then');
    let said = '';
    const code = await runTestPlan(
      {
        beside: node(
          'the Python venvs',
          `console.error('Could not prepare .venv from requirements-dev.txt: no python'); process.exit(4);`,
        ),
        first: node('the first project', ''),
        then: node(
          'the second project',
          `require('node:fs').writeFileSync(${JSON.stringify(thenRan)}, '');`,
        ),
      },
      (text) => (said += text),
    );
    expect(code).toBe(4);
    expect(existsSync(thenRan)).toBe(false);
    expect(said).toContain('Could not prepare .venv from requirements-dev.txt: no python');
    expect(said).toContain('the second project not run: the Python venvs failed (exit code 4).');
  });

  it('runs the second project after a failing first one, and fails with either', async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-tests-'));
    const thenRan = join(dir, 'then');
    const ok = node('the venvs', '');
    const writes = node(
      'the second project',
      `require('node:fs').writeFileSync(${JSON.stringify(thenRan)}, '');`,
    );
    expect(
      await runTestPlan({ beside: ok, first: node('first', 'process.exit(2)'), then: writes }),
    ).toBe(2);
    expect(existsSync(thenRan)).toBe(true);
    expect(
      await runTestPlan({ beside: ok, first: ok, then: node('then', 'process.exit(5)') }),
    ).toBe(5);
    const missing: Step = { label: 'missing', command: join(dir, 'no-such-command'), args: [] };
    let said = '';
    expect(await runTestPlan({ beside: missing, first: ok, then: ok }, (t) => (said += t))).toBe(1);
    expect(said).toContain(`could not start ${join(dir, 'no-such-command')}`);
  });

  it('starts no further step once interrupted (a Ctrl-C during the first project)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-tests-'));
    const thenRan = join(dir, 'then');
    let said = '';
    const ok = node('ok', '');
    const code = await runTestPlan(
      {
        beside: ok,
        first: ok,
        then: node(
          'the second project',
          `require('node:fs').writeFileSync(${JSON.stringify(thenRan)}, '');`,
        ),
      },
      (t) => (said += t),
      () => true,
    );
    expect(code).toBe(130);
    expect(existsSync(thenRan)).toBe(false);
    expect(said).toContain('the second project not run: interrupted.');
  });

  it("npm test's plan runs this checkout's vitest and tsx, the projects by name, and passes extra arguments on", () => {
    dir = '';
    const root = resolve(import.meta.dirname, '..');
    const plan = npmTestPlan(root, ['--reporter=dot']);
    for (const step of [plan.beside, plan.first, plan.then])
      expect(existsSync(step.args[0] as string), step.label).toBe(true);
    expect(plan.beside.args[1]).toBe(join(root, 'scripts/ensure-python-venv.ts'));
    expect(plan.first.args).toEqual(
      expect.arrayContaining(['process-free', '--coverage.enabled', '--reporter=dot']),
    );
    expect(plan.then.args).toEqual(expect.arrayContaining(['processes', '--reporter=dot']));
    expect(plan.then.args).not.toContain('--coverage.enabled');
  });
});
