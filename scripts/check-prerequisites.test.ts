// needs: processes
import { execFile } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPrerequisites } from './check-prerequisites.js';

const SCRIPT = resolve(import.meta.dirname, 'check-prerequisites.ts');

/** A PATH holding only node: a fresh machine with none of the test prerequisites. */
function bareEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const bin = mkdtempSync(join(tmpdir(), 'prereq-bin-'));
  symlinkSync(process.execPath, join(bin, 'node'));
  return { PATH: bin, HOME: process.env.HOME ?? '/tmp', ...extra };
}

describe('the prerequisite check (npm test pretest)', () => {
  it('stops within seconds with one message naming each missing prerequisite and its install command', async () => {
    const started = Date.now();
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((done) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', SCRIPT],
        {
          env: bareEnv({ CI: 'true', REQUIRE_CHROMIUM: '1' }),
          cwd: resolve(import.meta.dirname, '..'),
        },
        (_error, _stdout, err) => done({ code: child.exitCode, stderr: err }),
      );
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(code).toBe(1);
    expect(stderr).toContain('npm test stopped before running: 4 prerequisite(s) missing.');
    for (const install of [
      'sudo apt-get install -y python3 python3-venv',
      ...(process.platform === 'linux' ? ['sudo apt-get install -y bubblewrap'] : []),
      'sudo apt-get install -y curl',
      'sudo apt-get install -y chromium',
    ])
      expect(stderr).toContain(`install: ${install}`);
  }, 30_000);

  it('without REQUIRE_CHROMIUM, a missing Chromium is a note (the dashboard test skips), not a stop', async () => {
    const { missing, notes } = await checkPrerequisites(bareEnv({ CI: 'true' }));
    expect(missing.map((m) => m.what)).not.toContain('Chromium (the dashboard test)');
    expect(notes.join('\n')).toContain('the dashboard test will be skipped: no Chromium');
  });

  it('names a Python older than 3.10', async () => {
    const env = bareEnv({ PYTHON: join(import.meta.dirname, 'no-such-python') });
    const { missing } = await checkPrerequisites(env);
    expect(missing[0]?.what).toMatch(/^Python ≥ 3\.10 with venv \(.*no-such-python not found\)$/);
  });
});
