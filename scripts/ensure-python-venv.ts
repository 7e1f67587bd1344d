/**
 * Creates or refreshes the test suite's Python venvs, so `npm test` works on a fresh clone:
 * `.venv` from requirements-dev.txt (the Python clients, the pytest plugin's build, the Python
 * reference server on `mcp` 1.x) and `.venv-mcp2` from requirements-mcp2.txt (the same server on
 * `mcp` 2.x: the two SDK lines cannot share one venv). Each skips its install when its
 * requirements have not changed since the last one (hash stamp), so a second run costs no pip.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The venvs and the requirements file each is made from, relative to the repository root. */
export const PYTHON_VENVS = [
  { venv: '.venv', requirements: 'requirements-dev.txt' },
  { venv: '.venv-mcp2', requirements: 'requirements-mcp2.txt' },
] as const;

/**
 * Makes `venv` (under `root`) match `requirements`: creates it with `system` if missing, and
 * runs pip only when the requirements' sha256 differs from the stamp of the last install.
 * Returns whether pip ran. Throws (naming the venv, the file and the fix) when a step fails.
 */
export function ensureVenv(
  root: string,
  entry: { venv: string; requirements: string },
  system = process.env.PYTHON ?? 'python3',
): boolean {
  const venv = join(root, entry.venv);
  const python = join(venv, 'bin', 'python');
  const requirements = join(root, entry.requirements);
  const stamp = join(venv, '.requirements.sha256');
  const wanted = createHash('sha256').update(readFileSync(requirements)).digest('hex');
  if (existsSync(python) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted)
    return false;
  try {
    if (!existsSync(python)) execFileSync(system, ['-m', 'venv', venv], { stdio: 'inherit' });
    execFileSync(
      python,
      ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', requirements],
      { stdio: 'inherit' },
    );
  } catch (error) {
    throw new Error(
      `Could not prepare ${venv} from ${requirements} with ${system}: ${error instanceof Error ? error.message : String(error)}\n` +
        'Install Python 3.10+ with the venv module (Debian: apt-get install python3-venv), or set PYTHON to an interpreter.',
    );
  }
  writeFileSync(stamp, wanted);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '..');
  try {
    for (const entry of PYTHON_VENVS) ensureVenv(root, entry);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
