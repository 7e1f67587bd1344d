// needs: processes
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliCaptured, spawnCli, startCli } from '../../../test/helpers/run-cli.js';
import { getToken, writeTempBundle } from '../../../test/helpers/temp-bundle.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cli-faults-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function tempBundle(): string {
  const b = writeTempBundle({ 'clients.json': [] });
  cleanups.push(b.cleanup);
  return b.dir;
}

describe('hpe-mcp-bench fake-central --faults / proxy', () => {
  it('fills proxy and caCertPath, injects the plan and logs the fault marks', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'plan.yaml'), 'faults:\n  - { kind: rate_limit, first: 1 }\n');
    const run = startCli([
      'fake-central',
      '--fixture',
      tempBundle(),
      '--faults',
      join(dir, 'plan.yaml'),
    ]);
    const info = JSON.parse(await run.firstLine()) as Record<string, string>;
    expect(info.proxy).toBe(info.url);
    expect(readFileSync(info.caCertPath ?? '', 'utf8')).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const url = info.url ?? '';
    const token = await getToken(url);
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${url}/network-monitoring/v1/clients`, { headers });
    expect(first.status).toBe(429);
    const second = await fetch(`${url}/network-monitoring/v1/clients`, { headers });
    expect(second.status).toBe(200);
    run.stop();
    expect(await run.done).toBe(0);
    expect(run.stderr()).toContain('/network-monitoring/v1/clients -> 429 read fault=rate_limit');
    expect(run.stderr()).toContain('/network-monitoring/v1/clients -> 200 read\n');
    expect(existsSync(info.caCertPath ?? '')).toBe(false);
  });

  it('refuses a malformed plan with file:line:col, the pointer and the fix (exit 2)', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.yaml'), 'faults:\n  - kind: latency\n    ms: fast\n');
    const { code, stdout, stderr } = await runCliCaptured([
      'fake-central',
      '--fixture',
      tempBundle(),
      '--faults',
      join(dir, 'bad.yaml'),
    ]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      `${join(dir, 'bad.yaml')}:3:9: /faults/0/ms: must be an integer, got a string ("fast") (milliseconds as a whole number`,
    );
    expect(stderr).toContain(
      'hint: the fault plan format is fake-central/faults/fault-plan.schema.json',
    );
  });

  it('a file that is not a plan at all (a password file) is not printed back (its own process)', async () => {
    const dir = tempDir();
    const lines = Array.from(
      { length: 40 },
      (_, i) => `user${i}:x:${i}:${i}:private:/home/u${i}:/bin/sh`,
    );
    writeFileSync(join(dir, 'passwd'), `${lines.join('\n')}\n`);
    const { code, stderr } = await spawnCli(['fake-central', '--faults', join(dir, 'passwd')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`${join(dir, 'passwd')}:1:1: must be a mapping, got a string of`);
    expect(stderr).not.toContain('user1:x');
    expect(stderr.length).toBeLessThan(600 + dir.length);
  }, 60_000);
});
