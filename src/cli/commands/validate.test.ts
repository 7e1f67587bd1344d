import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultServersFile } from '../../scenarios/compared-servers.js';
import { HEADER, TEST_ROOT, VALID, writeTree } from '../../../test/helpers/scenarios/helpers.js';
import type { CliIo } from '../io.js';
import { runCli } from '../main.js';

async function cli(argv: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    untilSignal: () => new Promise(() => undefined),
    cwd,
    env: {},
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}

const validate = (args: string[], cwd: string) => cli(['validate', ...args], cwd);

const SERVERS = defaultServersFile();

describe('hpe-mcp-bench validate', () => {
  it('says clearly that the golden suite has no files yet, with a hint, and exits 1', async () => {
    const root = await writeTree({ 'scenarios/compared-servers.yml': '' });
    const run = await validate(['--root', '.', '--servers', SERVERS], root);
    expect(run).toEqual({
      code: 1,
      stdout:
        'scenarios: no scenario files (*.yaml) found (add a suite file such as client-diagnosis.yaml as docs/scenario-format.md describes, or pass FILES|DIRS)\n' +
        '0 scenarios in 0 suites: 1 error\n',
      stderr: '',
    });
  });

  it('validates ROOT/scenarios by default', async () => {
    const root = await writeTree({ 'scenarios/a.yaml': HEADER + VALID });
    await mkdir(join(root, 'fixtures'), { recursive: true });
    const run = await validate(['--root', root, '--servers', SERVERS], TEST_ROOT);
    // The bundle is not in this root: proof that ROOT/scenarios was read and checked.
    expect(run.stdout).toContain(`${root}/scenarios/a.yaml:5:10: /fixture: fixture bundle`);
    expect(run.code).toBe(1);
  });

  it('prints a summary and exits 0 when everything is valid', async () => {
    const run = await validate(['valid', '--root', '.', '--servers', SERVERS], TEST_ROOT);
    expect(run).toEqual({ code: 0, stdout: '2 scenarios in 1 suite: ok\n', stderr: '' });
  });

  it('prints each error as file:line:col: pointer: message (hint) and exits 1', async () => {
    const cwd = await writeTree({
      'nac.yaml':
        HEADER + VALID.replace('write_gate: read', 'write_gate: writes').replace('plans:', 'plan:'),
    });
    const run = await validate(['nac.yaml', '--root', TEST_ROOT, '--servers', SERVERS], cwd);
    expect(run.stdout.split('\n')).toEqual([
      'nac.yaml:6:13: /write_gate: must be one of read, write, destructive; got a string ("writes") (did you mean "write"?)',
      'nac.yaml:15:1: /plan: unknown field "plan" (did you mean "plans"? allowed fields: id, suite, intent, platform, fixture, write_gate, expected_tools, expect, evidence, result_schema, notes, plans, tags)',
      '1 scenario in 1 suite: 2 errors',
      '',
    ]);
    expect(run.code).toBe(1);
  });

  it('prints one JSON object with --json', async () => {
    const cwd = await writeTree({
      'a.yaml': HEADER + VALID,
      'b.yaml':
        HEADER +
        VALID.replace('id: ok-001', 'id: ok-002\nsuite: other').replace('@4a947a4', '@1234567'),
    });
    const run = await validate(
      ['a.yaml', 'b.yaml', '--json', '--root', TEST_ROOT, '--servers', SERVERS],
      cwd,
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: false,
      scenarios: 2,
      suites: 2,
      errors: [
        {
          file: 'b.yaml',
          line: 15,
          col: 11,
          pointer: '/evidence',
          message: '"tools/clients.py:94@1234567" is not at the pinned commit of karthik',
          hint: `pinned in ${SERVERS}: karthik 4a947a4; to cite several servers write evidence: {server: [path:line@sha]}`,
        },
      ],
      warnings: [],
    });
  });

  it('prints ok: true and no errors with --json when valid', async () => {
    const run = await validate(['valid', '--json', '--root', '.', '--servers', SERVERS], TEST_ROOT);
    expect(JSON.parse(run.stdout)).toEqual({
      ok: true,
      scenarios: 2,
      suites: 1,
      errors: [],
      warnings: [],
    });
    expect(run.code).toBe(0);
  });

  it('warns, without failing, about a plan a one-call-per-turn policy cannot finish', async () => {
    const run = await validate(
      ['valid', '--max-turns', '1', '--root', '.', '--servers', SERVERS],
      TEST_ROOT,
    );
    const warnings = run.stdout.split('\n').filter((line) => line.startsWith('warning: '));
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings[0]).toMatch(
      /^warning: valid\/\S+\.yaml:\d+:1: \/plans\/\S+: \S+: the \S+ plan makes \d+ calls?, so one call per turn needs \d+ turns, over the turn limit of 1 \(the scripted policy raises its limit/,
    );
    expect(run.stdout).toMatch(/: ok, \d+ warnings?\n$/);
    expect(run.code).toBe(0);
    const bad = await validate(['valid', '--max-turns', 'x'], TEST_ROOT);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-turns must be a positive integer, got "x"');
  });

  it('exits 2 on a usage error: a path that does not exist, an unknown option', async () => {
    expect(await validate(['nope.yaml'], TEST_ROOT)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'hpe-mcp-bench validate: no such file or directory: nope.yaml\n  hint: pass suite files (*.yaml) or directories that hold them\n',
    });
    const run = await validate(['--strict'], TEST_ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown option '--strict'");
  });

  it('has --help, and is listed by the top-level usage', async () => {
    const help = await validate(['--help'], TEST_ROOT);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: hpe-mcp-bench validate \[FILES\|DIRS…\]/);
    // The exit codes it states are the ones the tests above see (it once said "1 otherwise").
    expect(help.stdout).toContain('Exit 0: valid (warnings do not change it); 1: the manifests');
    expect(help.stdout).toMatch(/2: usage \(an unknown\s+option, a path that does not exist/);
    const usage = await cli([], TEST_ROOT);
    expect(usage.stdout).toContain('validate       check scenario manifests');
  });
});
