// needs: processes
/**
 * scripts/ensure-python-venv.ts: each venv is made from its requirements file once, left alone
 * while the file is unchanged (no pip), refreshed when it changes, and a failure names the venv,
 * the file and the fix. The repository's venvs are ignored by git.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureVenv, PYTHON_VENVS } from './ensure-python-venv.js';

const ROOT = resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('ensure-python-venv', () => {
  it('creates a venv once, skips pip while the requirements are unchanged, refreshes on a change', async () => {
    const root = await mkdtemp(join(tmpdir(), 'venv-'));
    dirs.push(root);
    const entry = { venv: '.venv-test', requirements: 'requirements-test.txt' };
    // No package: pip runs (and reads the file) without reaching a registry.
    await writeFile(join(root, entry.requirements), '# nothing yet\n');
    expect(await ensureVenv(root, entry)).toBe(true);
    expect(existsSync(join(root, '.venv-test/bin/python'))).toBe(true);
    const stamp = join(root, '.venv-test/.requirements.sha256');
    expect(await readFile(stamp, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(await ensureVenv(root, entry)).toBe(false);
    await writeFile(join(root, entry.requirements), '# nothing yet, edited\n');
    expect(await ensureVenv(root, entry)).toBe(true);
    expect(await ensureVenv(root, entry)).toBe(false);
  }, 120_000);

  it('names the venv, the requirements and the fix when the interpreter is missing', async () => {
    const root = await mkdtemp(join(tmpdir(), 'venv-'));
    dirs.push(root);
    await writeFile(join(root, 'r.txt'), '\n');
    await expect(
      ensureVenv(root, { venv: '.v', requirements: 'r.txt' }, join(root, 'no-python')),
    ).rejects.toThrow(
      new RegExp(
        `Could not prepare ${join(root, '.v')} from ${join(root, 'r.txt')} with ${join(root, 'no-python')}:[^]*set PYTHON to an interpreter`,
      ),
    );
  });

  it('names what pip printed when an install fails, and leaves no stamp that would skip the retry', async () => {
    const root = await mkdtemp(join(tmpdir(), 'venv-'));
    dirs.push(root);
    // A local path that does not exist: pip fails without reaching a registry.
    await writeFile(join(root, 'r.txt'), './no-such-project\n');
    const entry = { venv: '.v', requirements: 'r.txt' };
    await expect(ensureVenv(root, entry)).rejects.toThrow(
      new RegExp(
        `Could not prepare ${join(root, '.v')} from ${join(root, 'r.txt')}[^]*no-such-project`,
      ),
    );
    expect(existsSync(join(root, '.v/.requirements.sha256'))).toBe(false);
  }, 120_000);

  it('makes .venv and .venv-mcp2 from files that exist, and git ignores both venvs', () => {
    expect(PYTHON_VENVS.map((v) => v.venv)).toEqual(['.venv', '.venv-mcp2']);
    for (const { venv, requirements } of PYTHON_VENVS) {
      expect(existsSync(join(ROOT, requirements)), requirements).toBe(true);
      execFileSync('git', ['check-ignore', '-q', venv], { cwd: ROOT }); // throws if not ignored
    }
  });
});
