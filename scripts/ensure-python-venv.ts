/**
 * Creates or refreshes the test suite's Python venvs, so `npm test` works on a fresh clone:
 * `.venv` from requirements-dev.txt (the Python clients, the pytest plugin's build, the Python
 * reference server on `mcp` 1.x) and `.venv-mcp2` from requirements-mcp2.txt (the same server on
 * `mcp` 2.x: the two SDK lines cannot share one venv). Each skips its install when its
 * requirements have not changed since the last one (hash stamp), so a second run costs no pip.
 * The two are made at once (each mostly waits on the registry), and `npm test` makes them while
 * its process-free project runs (scripts/run-tests.ts), not before it.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The venvs and the requirements file each is made from, relative to the repository root. */
export const PYTHON_VENVS = [
  { venv: '.venv', requirements: 'requirements-dev.txt' },
  { venv: '.venv-mcp2', requirements: 'requirements-mcp2.txt' },
] as const;

/**
 * Makes `venv` (under `root`) match `requirements`: creates it with `system` if missing, and
 * runs pip only when the requirements' sha256 differs from the stamp of the last install.
 * Resolves to whether pip ran. Rejects (naming the venv, the file, what the failing step printed
 * and the fix) when a step fails. Its output is captured, not printed: it runs beside a test run.
 */
export async function ensureVenv(
  root: string,
  entry: { venv: string; requirements: string },
  system = process.env.PYTHON ?? 'python3',
): Promise<boolean> {
  const venv = join(root, entry.venv);
  const python = join(venv, 'bin', 'python');
  const requirements = join(root, entry.requirements);
  const stamp = join(venv, '.requirements.sha256');
  const wanted = createHash('sha256').update(readFileSync(requirements)).digest('hex');
  if (existsSync(python) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted)
    return false;
  const long = { maxBuffer: 16 << 20 };
  try {
    if (!existsSync(python)) await run(system, ['-m', 'venv', venv], long);
    await run(
      python,
      ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', requirements],
      long,
    );
  } catch (error) {
    // execFile's error carries what the step printed: pip names the package it could not get.
    const { stderr = '', stdout = '' } = error as { stderr?: string; stdout?: string };
    const printed = `${stdout}${stderr}`.trim();
    throw new Error(
      `Could not prepare ${venv} from ${requirements} with ${system}: ${error instanceof Error ? error.message : String(error)}\n` +
        (printed && !(error instanceof Error && error.message.includes(printed))
          ? `${printed}\n`
          : '') +
        'Install Python 3.10+ with the venv module (Debian: apt-get install python3-venv), or set PYTHON to an interpreter.',
    );
  }
  writeFileSync(stamp, wanted);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '..');
  const made = await Promise.allSettled(PYTHON_VENVS.map((entry) => ensureVenv(root, entry)));
  const failed = made.flatMap((m) => (m.status === 'rejected' ? [m.reason as unknown] : []));
  for (const error of failed) console.error(error instanceof Error ? error.message : String(error));
  if (failed.length > 0) process.exit(1);
}
