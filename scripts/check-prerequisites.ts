/**
 * `npm test`'s first step (pretest): checks, within seconds, what the end-to-end tests drive
 * besides Node — Python ≥ 3.10 with venv (the Python clients and servers), curl (a proxy
 * client), bubblewrap (the server sandbox) and Chromium (the dashboard test) — and stops with
 * one message naming each missing one and its install command.
 *
 * Where the platform cannot have the sandbox (not Linux, or a kernel/container that forbids user
 * namespaces) the sandbox tests skip with the reason (test/helpers/sandbox-support.ts): under
 * CI=true they are required. A missing Chromium skips the dashboard test unless REQUIRE_CHROMIUM=1
 * (.ci/run sets it where it installed one), as that test itself decides.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** One missing prerequisite: what, why, and the command that installs it. */
export interface Missing {
  what: string;
  install: string;
}

export interface PrerequisiteCheck {
  missing: Missing[];
  /** What is absent but only skips tests here (printed, not fatal). */
  notes: string[];
}

const APT = 'sudo apt-get install -y';

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; out: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 10_000 }, (error, stdout, stderr) => {
      resolve({ ok: error === null, out: `${stdout}${stderr}`.trim() || (error?.message ?? '') });
    });
  });
}

/** The first of `names` that is an executable on PATH. */
function onPath(names: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of names) {
      try {
        accessSync(join(dir, name), constants.X_OK);
        return join(dir, name);
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

async function python(env: NodeJS.ProcessEnv): Promise<Missing | null> {
  const command = env.PYTHON ?? 'python3';
  const found = await run(
    command,
    ['-c', 'import sys, venv, ensurepip; print("%d.%d" % sys.version_info[:2])'],
    env,
  );
  const install = `${APT} python3 python3-venv (or set PYTHON to a Python ≥ 3.10)`;
  if (!found.ok) {
    const why = /ModuleNotFoundError/.test(found.out)
      ? 'its venv module is missing'
      : `${command} not found`;
    return { what: `Python ≥ 3.10 with venv (${why})`, install };
  }
  const [major = 0, minor = 0] = found.out.split('.').map(Number);
  if (major < 3 || (major === 3 && minor < 10))
    return { what: `Python ≥ 3.10 with venv (${command} is ${found.out})`, install };
  return null;
}

async function sandbox(env: NodeJS.ProcessEnv, ci: boolean, check: PrerequisiteCheck) {
  if (process.platform !== 'linux') {
    if (ci)
      check.missing.push({
        what: `the server sandbox (not available on ${process.platform})`,
        install: 'run the tests on Linux with bubblewrap',
      });
    else check.notes.push(`sandbox tests will be skipped: not available on ${process.platform}`);
    return;
  }
  const version = await run('bwrap', ['--version'], env);
  if (!version.ok) {
    check.missing.push({
      what: 'bubblewrap (bwrap), the server sandbox',
      install: `${APT} bubblewrap`,
    });
    return;
  }
  const tried = await run(
    'bwrap',
    [
      '--unshare-user',
      '--unshare-pid',
      '--unshare-net',
      '--ro-bind',
      '/',
      '/',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      'true',
    ],
    env,
  );
  if (tried.ok) return;
  const reason = `bwrap cannot create a sandbox here (${tried.out.split('\n')[0] ?? ''})`;
  const allow =
    'allow unprivileged user namespaces: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 (Ubuntu ≥ 23.10), or run the container with user namespaces';
  if (ci) check.missing.push({ what: reason, install: allow });
  else check.notes.push(`sandbox tests will be skipped: ${reason}; to run them, ${allow}`);
}

/** What `npm test` needs that this machine lacks. */
export async function checkPrerequisites(
  env: NodeJS.ProcessEnv = process.env,
): Promise<PrerequisiteCheck> {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false';
  const check: PrerequisiteCheck = { missing: [], notes: [] };
  const [py] = await Promise.all([python(env), sandbox(env, ci, check)]);
  if (py) check.missing.unshift(py);
  if (!onPath(['curl'], env))
    check.missing.push({ what: 'curl (a client the proxy tests drive)', install: `${APT} curl` });
  const chromium =
    env.CHROMIUM_PATH ??
    onPath(['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'], env);
  if (!chromium) {
    const install = `${APT} chromium (or set CHROMIUM_PATH)`;
    if (env.REQUIRE_CHROMIUM === '1')
      check.missing.push({ what: 'Chromium (the dashboard test)', install });
    else check.notes.push(`the dashboard test will be skipped: no Chromium (${install})`);
  }
  return check;
}

/** The one message: every missing prerequisite with its install command. */
export function formatMissing(missing: readonly Missing[]): string {
  return [
    `npm test stopped before running: ${missing.length} prerequisite(s) missing.`,
    ...missing.map((m) => `  - ${m.what}\n      install: ${m.install}`),
    'Then run npm test again (npm run test:fast needs none of them).',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { missing, notes } = await checkPrerequisites();
  for (const note of notes) console.warn(`note: ${note}`);
  if (missing.length > 0) {
    console.error(formatMissing(missing));
    process.exitCode = 1;
  }
}
