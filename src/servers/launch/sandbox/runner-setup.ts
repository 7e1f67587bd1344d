import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxMode } from '../../../config/types.js';

/** Where Ubuntu (23.10+) says whether AppArmor restricts unprivileged user namespaces. */
export const USERNS_SYSCTL = '/proc/sys/kernel/apparmor_restrict_unprivileged_userns';
/** The AppArmor profile the action installs: user namespaces for /usr/bin/bwrap only. */
export const PROFILE_PATH = '/etc/apparmor.d/hpe-mcp-bench-bwrap';
/**
 * The profile (the form Ubuntu's own profiles for sandboxing programs take, e.g.
 * /etc/apparmor.d/chrome): bwrap stays unconfined but may create user namespaces; every other
 * program keeps the default restriction, unlike `sysctl kernel.apparmor_restrict_unprivileged_userns=0`.
 */
export const BWRAP_PROFILE = `abi <abi/4.0>,
include <tunables/global>

profile hpe-mcp-bench-bwrap /usr/bin/bwrap flags=(unconfined) {
  userns,
}
`;

/** The commands, as a job would run them by hand (the error text for `sandbox: on`). */
export const SETUP_COMMANDS = [
  'sudo apt-get update -qq && sudo apt-get install -y -qq bubblewrap',
  `printf '${BWRAP_PROFILE.replace(/\n/g, '\\n')}' | sudo tee ${PROFILE_PATH} >/dev/null`,
  `sudo apparmor_parser -r ${PROFILE_PATH}`,
];

export interface RunnerSetupOptions {
  mode: SandboxMode;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** For tests: where the sysctl and the profile live. */
  sysctl?: string;
  profilePath?: string;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(command, args, { env, timeout: 300_000 }, (error, _stdout, stderr) =>
      resolve(
        error === null ? null : `${command} ${args.join(' ')}: ${stderr.trim() || error.message}`,
      ),
    );
  });
}

/**
 * On a GitHub-hosted Linux runner, with the sandbox not `off`: installs bubblewrap when it is
 * missing and, where AppArmor restricts unprivileged user namespaces (Ubuntu 24.04), installs an
 * AppArmor profile that allows them to /usr/bin/bwrap alone (passwordless sudo, as the hosted
 * runners have). Elsewhere (self-hosted runners, containers, the CLI) it changes nothing: the
 * sandbox probe then says what is missing. Returns the problems it met (logged too); the probe
 * decides what they mean (`on` fails naming SETUP_COMMANDS, `auto` runs without the sandbox).
 */
export async function prepareRunnerSandbox(options: RunnerSetupOptions): Promise<string[]> {
  const { env, log } = options;
  if (options.mode === 'off' || env.RUNNER_ENVIRONMENT !== 'github-hosted') return [];
  if (env.RUNNER_OS !== 'Linux' || process.platform !== 'linux') return [];
  const problems: string[] = [];
  if ((await run('bwrap', ['--version'], env)) !== null) {
    log('sandbox: installing bubblewrap (apt-get)');
    const failed =
      (await run('sudo', ['-n', 'apt-get', 'update', '-qq'], env)) ??
      (await run('sudo', ['-n', 'apt-get', 'install', '-y', '-qq', 'bubblewrap'], env));
    if (failed !== null) problems.push(failed);
  }
  const sysctl = options.sysctl ?? USERNS_SYSCTL;
  const profile = options.profilePath ?? PROFILE_PATH;
  const restricted = existsSync(sysctl) && readFileSync(sysctl, 'utf8').trim() === '1';
  if (restricted && !existsSync(profile)) {
    log(`sandbox: allowing user namespaces for /usr/bin/bwrap only (AppArmor profile ${profile})`);
    const draft = join(await mkdtemp(join(tmpdir(), 'hmb-apparmor-')), 'profile');
    writeFileSync(draft, BWRAP_PROFILE);
    const failed =
      (await run('sudo', ['-n', 'install', '-m', '644', draft, profile], env)) ??
      (await run('sudo', ['-n', 'apparmor_parser', '-r', profile], env));
    if (failed !== null) problems.push(failed);
  }
  for (const problem of problems) log(`sandbox set-up: ${problem}`);
  return problems;
}
