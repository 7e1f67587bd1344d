import { join } from 'node:path';
import { packageRoot } from '../../src/common/package-root.js';

/** The repository's venv Python, which runs the Python reference server in the tests. */
export const VENV_PYTHON = join(packageRoot(), '.venv', 'bin', 'python');

/**
 * The bench config lines of a copy of the Python reference server in `dir` (its server.py),
 * named `name`, played with the reference server's plans: what the planted-regression gate
 * tests run, once per planted copy.
 */
export function pythonReferenceEntry(name: string, dir: string): string[] {
  return [
    `  ${name}:`,
    '    transport: stdio',
    `    command: ${JSON.stringify(VENV_PYTHON)}`,
    `    args: [${JSON.stringify(join(dir, 'server.py'))}]`,
    '    scenarioKey: reference',
    '    env:',
    "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
    "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
    '    timeouts: { startupMs: 30000, callMs: 10000, scenarioMs: 60000 }',
  ];
}
