import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import type { FakeCentral } from '../../fake-central/index.js';

/** What every client prints: the pages it fetched, every status it saw, and the escape outcome. */
export interface ClientReport {
  client: string;
  pages: number;
  macs: string[];
  total: number;
  seen: number[];
  escape: { refused: boolean; error?: string; status?: number };
  httpVersion?: string;
}

const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLIENTS_DIR = import.meta.dirname;

/** The venv interpreter .ci/run (and `npm test`'s pretest) creates; a clear failure without it. */
export function venvPython(): string {
  const python = join(ROOT, '.venv', 'bin', 'python');
  if (!existsSync(python)) {
    throw new Error(
      `${python} is missing: the Python client tests need it. Run ` +
        '`python3 -m venv .venv && .venv/bin/pip install -r requirements-dev.txt` in the repository root.',
    );
  }
  return python;
}

/** curl on PATH, or a clear failure (Debian/Ubuntu: apt-get install curl). */
export function curlPath(): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'curl');
    if (dir !== '' && existsSync(candidate)) return candidate;
  }
  throw new Error('curl is not on PATH: the curl client test needs it (apt-get install curl).');
}

/**
 * The environment a server under test gets: the fake's proxy/CA variables, the credentials,
 * PATH and HOME, and nothing else from this process (no proxies or CAs of the developer's).
 */
export function clientEnv(fake: FakeCentral): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    ...fake.serverEnv(),
    CENTRAL_CLIENT_ID: fake.credentials.clientId,
    CENTRAL_CLIENT_SECRET: fake.credentials.clientSecret,
  };
}

/** Runs a program; resolves with stdout, stderr and the exit code (never rejects on exit code). */
export function run(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    execFile(file, args, { env, timeout: 30_000, cwd: ROOT }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') {
        reject(new Error(`${file} ${args.join(' ')} failed to run: ${error.message}\n${stderr}`));
        return;
      }
      resolvePromise({ code: typeof error?.code === 'number' ? error.code : 0, stdout, stderr });
    });
  });
}

/** Runs a client script that prints one JSON report line; a non-zero exit fails with its stderr. */
export async function runClient(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<ClientReport> {
  const { code, stdout, stderr } = await run(file, args, env);
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}:\n${stderr.slice(-2000)}`);
  const last = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as ClientReport;
}
