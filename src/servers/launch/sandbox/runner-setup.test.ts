// needs: processes
/**
 * prepareRunnerSandbox with real processes: `bwrap`, `sudo` and the AppArmor tools are stand-in
 * scripts on PATH that record their arguments, so the test sees exactly what a GitHub-hosted
 * runner would be asked to run.
 */
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BWRAP_PROFILE, prepareRunnerSandbox } from './runner-setup.js';

function standIns(bwrapWorks: boolean, sudoWorks = true) {
  const dir = mkdtempSync(join(tmpdir(), 'runner-setup-'));
  const log = join(dir, 'calls.log');
  const script = (name: string, body: string) => {
    writeFileSync(join(dir, name), `#!/bin/sh\necho "${name} $*" >> ${log}\n${body}\n`);
    chmodSync(join(dir, name), 0o755);
  };
  script('bwrap', bwrapWorks ? 'exit 0' : 'exit 127');
  // sudo -n install SRC DEST copies for real (DEST is in the test's dir): the profile's text.
  script(
    'sudo',
    sudoWorks
      ? 'shift; if [ "$1" = install ]; then cp "$4" "$5"; fi; exit 0'
      : 'echo "sudo: a password is required" >&2; exit 1',
  );
  const sysctl = join(dir, 'restrict_userns');
  writeFileSync(sysctl, '1\n');
  const env = {
    PATH: `${dir}:/usr/bin:/bin`,
    RUNNER_ENVIRONMENT: 'github-hosted',
    RUNNER_OS: 'Linux',
  };
  const calls = () => readFileSync(log, 'utf8').trim().split('\n');
  return { dir, env, sysctl, profilePath: join(dir, 'profile'), calls };
}

describe.runIf(process.platform === 'linux')('prepareRunnerSandbox', () => {
  it('installs bubblewrap and a bwrap-only AppArmor profile on a GitHub-hosted Ubuntu 24.04', async () => {
    const s = standIns(false);
    const lines: string[] = [];
    const problems = await prepareRunnerSandbox({
      mode: 'on',
      env: s.env,
      log: (line) => lines.push(line),
      sysctl: s.sysctl,
      profilePath: s.profilePath,
    });
    expect(problems).toEqual([]);
    expect(s.calls()).toEqual([
      'bwrap --version',
      'sudo -n apt-get update -qq',
      'sudo -n apt-get install -y -qq bubblewrap',
      expect.stringMatching(new RegExp(`^sudo -n install -m 644 \\S+ ${s.profilePath}$`)),
      `sudo -n apparmor_parser -r ${s.profilePath}`,
    ]);
    expect(readFileSync(s.profilePath, 'utf8')).toBe(BWRAP_PROFILE);
    expect(BWRAP_PROFILE).toContain(
      'profile hpe-mcp-bench-bwrap /usr/bin/bwrap flags=(unconfined)',
    );
    expect(lines[0]).toBe('sandbox: installing bubblewrap (apt-get)');
  });

  it('reports what failed (no passwordless sudo), and does nothing off GitHub-hosted runners', async () => {
    const s = standIns(false, false);
    const problems = await prepareRunnerSandbox({
      mode: 'auto',
      env: s.env,
      log: () => {},
      sysctl: s.sysctl,
      profilePath: s.profilePath,
    });
    expect(problems[0]).toMatch(/^sudo -n apt-get update -qq: sudo: a password is required$/);
    const quiet = standIns(false);
    for (const env of [{ ...quiet.env, RUNNER_ENVIRONMENT: 'self-hosted' }, quiet.env]) {
      const mode = env === quiet.env ? 'off' : 'auto';
      expect(
        await prepareRunnerSandbox({ mode, env, log: () => {}, sysctl: quiet.sysctl }),
      ).toEqual([]);
    }
    expect(() => quiet.calls()).toThrow(/ENOENT/);
  });
});
