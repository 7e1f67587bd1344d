/**
 * Creates or refreshes .venv with requirements-dev.txt, so `npm test` works on a fresh clone.
 * Skips the install when the requirements have not changed since the last one (hash stamp).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const venv = join(root, '.venv');
const python = join(venv, 'bin', 'python');
const requirements = join(root, 'requirements-dev.txt');
const stamp = join(venv, '.requirements.sha256');

const wanted = createHash('sha256').update(readFileSync(requirements)).digest('hex');
if (existsSync(python) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted)
  process.exit(0);

const system = process.env.PYTHON ?? 'python3';
try {
  if (!existsSync(python)) execFileSync(system, ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(
    python,
    ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', requirements],
    {
      stdio: 'inherit',
    },
  );
} catch (error) {
  console.error(
    `Could not prepare ${venv} from ${requirements} with ${system}: ${error instanceof Error ? error.message : String(error)}\n` +
      'Install Python 3.10+ with the venv module (Debian: apt-get install python3-venv), or set PYTHON to an interpreter.',
  );
  process.exit(1);
}
writeFileSync(stamp, wanted);
