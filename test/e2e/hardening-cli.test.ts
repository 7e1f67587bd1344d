// needs: processes
/**
 * Bad input to the CLI, each in a real `hpe-mcp-bench` process (the CLI bundle the test run
 * builds from the working tree): a ReDoS pattern, --out under /proc, a report path that cannot be written, a
 * scenarioKey typo, a symlinked and an edited fixture. Each must end promptly with a clear
 * message and its documented exit code — never hang, never a stack trace, never a silent pass.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEntry } from '../helpers/cli-entry.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const SUBJECTS = join(REPO, 'hpe-mcp-bench.subjects.yml');
const SERVERS = join(REPO, 'scenarios', 'compared-servers.yml');

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function cli(args: string[], cwd = REPO, timeoutMs = 120_000): Promise<Ran> {
  const started = performance.now();
  const child = spawn(process.execPath, [...cliEntry(), ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/**
 * The first scenario of the subjects suite (Guest WLAN config, fixture site-a), as a suite file
 * to be written into `dir`.
 */
async function guestScenario(dir: string): Promise<string> {
  const text = await readFile(join(REPO, 'test/subjects/scenarios/subjects.yaml'), 'utf8');
  const doc = text.split(/^---$/m).find((part) => part.includes('id: subjects-wlan-guest-config'));
  if (!doc) throw new Error('subjects-wlan-guest-config is missing from subjects.yaml');
  const schema = relative(dir, join(REPO, 'scenarios/scenario.schema.json'));
  return `# yaml-language-server: $schema=${schema}\n${doc.trimStart()}`;
}

const SMALL_RUN = [
  '--config',
  SUBJECTS,
  '--runs',
  '1',
  '--allow-few-runs',
  '--sweep',
  'off',
  '--quiet',
];
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'hardening-cli-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

// Each test spawns one or two CLI processes (a tsx start each): seconds idle, more under load.
describe('hpe-mcp-bench validate and run refuse bad input clearly', { timeout: 180_000 }, () => {
  it('a catastrophic result_schema pattern: validate names file:line and exits 1', async () => {
    const file = join(tmp, 'redos.yaml');
    const scenario = (await guestScenario(tmp)).replace(
      'result_schema:\n  type: object\n',
      () =>
        "result_schema:\n  type: object\n  properties:\n    ssid: { type: string, pattern: '^(a+)+$' }\n",
    );
    await writeFile(file, scenario);
    const ran = await cli(['validate', file, '--root', REPO, '--servers', SERVERS]);
    expect(ran.stdout).toMatch(
      /redos\.yaml:\d+:\d+: \/result_schema\/properties\/ssid\/pattern: pattern "\^\(a\+\)\+\$" nests unbounded quantifiers in "\(a\+\)\+"/,
    );
    expect(ran.code).toBe(1);
  });

  it('--out under /proc fails before the first run, with the reason, exit 2', async () => {
    const ran = await cli([
      'run',
      'test/subjects/scenarios',
      ...SMALL_RUN,
      '--server',
      'subject-leak-canary',
      '--out',
      '/proc/hpe-mcp-bench-out',
    ]);
    expect(ran.stderr).toContain('--out /proc/hpe-mcp-bench-out: cannot write the report there');
    expect(ran.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(ran.code).toBe(2);
    expect(ran.ms).toBeLessThan(60_000);
  });

  it('a report that cannot be written: summary on stdout, report saved elsewhere, exit 73', async () => {
    const out = join(tmp, 'out');
    await mkdir(join(out, 'report.json'), { recursive: true }); // a directory where the file goes
    const ran = await cli([
      'run',
      'test/subjects/scenarios',
      ...SMALL_RUN,
      '--scenario',
      'subjects-wlan-list',
      '--server',
      'subject-write-in-read',
      '--out',
      out,
    ]);
    expect(ran.stdout).toContain('subject-write-in-read');
    expect(ran.stderr).toContain(`error: cannot write ${join(out, 'report.json')} (`);
    const saved = /the report was saved to (\S+) instead/.exec(ran.stderr)?.[1];
    expect(saved, ran.stderr).toBeDefined();
    const report = JSON.parse(await readFile(saved ?? '', 'utf8')) as {
      scenarios: { id: string }[];
    };
    expect(report.scenarios.map((s) => s.id)).toEqual(['subjects-wlan-list']);
    expect(ran.code).toBe(73);
  }, 180_000);

  it('a scenarioKey typo that leaves a server with nothing to run: exit 2 and why', async () => {
    const config = join(tmp, 'typo.yml');
    const text = await readFile(SUBJECTS, 'utf8');
    // python-reference, the first server of the file, gets the typo.
    await writeFile(
      config,
      text.replace(/^( +)scenarioKey: reference$/m, '$1scenarioKey: refrence'),
    );
    const ran = await cli([
      'run',
      join(REPO, 'test/subjects/scenarios'),
      '--config',
      config,
      '--server',
      'python-reference',
      '--runs',
      '1',
      '--allow-few-runs',
      '--out',
      join(tmp, 'typo-out'),
    ]);
    expect(ran.stderr).toContain(
      'has an expected_tools entry for "refrence" (the scenarioKey of server "python-reference"): nothing would run',
    );
    expect(ran.stderr).toContain('did you mean "reference"?');
    expect(ran.code).toBe(2);
  });

  describe('a fixture bundle that is not what its manifest says', () => {
    let root: string;
    let outside: string;

    beforeAll(async () => {
      root = join(tmp, 'bench');
      outside = join(tmp, 'elsewhere');
      await cp(join(REPO, 'fixtures/central/site-a'), join(root, 'fixtures/central/site-a'), {
        recursive: true,
      });
      await mkdir(join(root, 'scenarios'), { recursive: true });
      await cp(SERVERS, join(root, 'scenarios/compared-servers.yml'));
      await writeFile(
        join(root, 'scenarios/guest.yaml'),
        await guestScenario(join(root, 'scenarios')),
      );
      // The same bytes, but reached through a symlink that leaves the bench root.
      await mkdir(outside, { recursive: true });
      await cp(join(root, 'fixtures/central/site-a/devices.json'), join(outside, 'devices.json'));
      await rm(join(root, 'fixtures/central/site-a/devices.json'));
      await symlink(
        join(outside, 'devices.json'),
        join(root, 'fixtures/central/site-a/devices.json'),
      );
    });

    it('validate refuses a symlink out of the bench root, naming it', async () => {
      const ran = await cli(['validate', '--root', root]);
      expect(ran.stdout).toContain(
        `/fixture: fixtures/central/site-a/devices.json is a symlink to ${join(outside, 'devices.json')}, outside the bench root`,
      );
      expect(ran.code).toBe(1);
    });

    it('run refuses it too, with the same message and exit 2 (no crash)', async () => {
      const ran = await cli([
        'run',
        '--root',
        root,
        ...SMALL_RUN,
        '--server',
        'subject-leak-canary',
        '--out',
        join(tmp, 'sym-out'),
      ]);
      expect(ran.stderr).toContain('devices.json is a symlink to');
      expect(ran.stderr).not.toMatch(/\n\s+at /);
      expect(ran.code).toBe(2);
    });

    it('validate and run name an edited data file', async () => {
      await rm(join(root, 'fixtures/central/site-a/devices.json'));
      await cp(join(outside, 'devices.json'), join(root, 'fixtures/central/site-a/devices.json'));
      const clients = join(root, 'fixtures/central/site-a/clients.json');
      await writeFile(clients, (await readFile(clients, 'utf8')).replace('Failed', 'Fine'));
      const validated = await cli(['validate', '--root', root]);
      expect(validated.stdout).toContain(
        '/fixture: fixtures/central/site-a/clients.json was edited',
      );
      expect(validated.code).toBe(1);
      const ran = await cli([
        'run',
        '--root',
        root,
        ...SMALL_RUN,
        '--server',
        'subject-leak-canary',
        '--out',
        join(tmp, 'edit-out'),
      ]);
      expect(ran.stderr).toContain('clients.json was edited');
      expect(ran.stderr).not.toMatch(/\n\s+at /);
      expect(ran.code).toBe(2);
    });
  });
});
