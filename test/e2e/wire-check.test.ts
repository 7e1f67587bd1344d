// needs: processes
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../src/report/validate-report.js';
import { spawnCli as cli } from '../helpers/run-cli.js';
import { bundledArgs } from '../helpers/bundled-servers.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** Two subjects built on the reference server, both under its scenarios' entries. */
function config(): string {
  const server = (name: string, file: string) => [
    `  ${name}:`,
    '    transport: stdio',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: ${JSON.stringify(bundledArgs(['--import', 'tsx', join(ROOT, 'test/mcp-servers', file)]))}`,
    `    cwd: ${JSON.stringify(ROOT)}`,
    '    scenarioKey: reference',
    '    env:',
    "      CENTRAL_CLIENT_ID: '${fake.clientId}'",
    "      CENTRAL_CLIENT_SECRET: '${fake.clientSecret}'",
  ];
  return [
    'servers:',
    ...server('malformed', 'subject-malformed-tools-list.ts'),
    ...server('extras', 'subject-extra-fields.ts'),
    '',
  ].join('\n');
}

describe('the wire check (real CLI, real MCP servers over stdio)', () => {
  it('catches a malformed tools/list with its JSON pointers, lets allowed extra fields through, and gates only when asked', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'wire-check-'));
    const file = join(dir, 'bench.yml');
    await writeFile(file, config());
    const args = [
      'run',
      '--config',
      file,
      '--scenario',
      'client-diagnosis-001',
      '--runs',
      '2',
      '--allow-few-runs',
      '--sweep',
      'off',
      '--quiet',
    ];
    const informational = await cli([...args, '--out', join(dir, 'a')]);
    expect(informational.code, informational.stderr).toBe(0);
    const report = JSON.parse(await readFile(join(dir, 'a/report.json'), 'utf8'));
    expect(reportSchemaErrors(report)).toEqual([]);
    const [malformed, extras] = report.servers;
    expect(malformed.name).toBe('malformed');
    expect(malformed.protocol_version).toBe('2025-11-25');
    const found = malformed.protocol_violations.map((v: any) => [v.kind, v.method, v.pointer]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['response', 'tools/list', '/result/tools/0/inputSchema'],
        ['response', 'tools/list', '/result/tools/1/description'],
        ['response', 'tools/list', '/result/tools/1/annotations'],
      ]),
    );
    expect(found).toHaveLength(3);
    const missing = malformed.protocol_violations[0];
    expect(missing).toMatchObject({ revision: '2025-11-25', scenario: 'client-diagnosis-001' });
    // Two runs of one process: listed once at start-up.
    expect(missing.count).toBe(1);
    expect(missing.excerpt).toMatch(/^\{"name":"/);
    expect(malformed.protocol_violations[1].excerpt).toBe('42');
    // The two broken tools are left out; the scenario's own tools still work.
    expect(malformed.menu.tool_count).toBe(extras.menu.tool_count - 2);
    expect(report.scenarios[0].results[0].task_success.pass_rate).toBe(1);

    expect(extras.protocol_version).toBe('2025-11-25');
    expect(extras.protocol_violations).toEqual([]);
    expect(report.scenarios[0].results[1].task_success.pass_rate).toBe(1);

    const summary = await readFile(join(dir, 'a/summary.md'), 'utf8');
    expect(summary).toContain('Protocol violations');
    expect(summary).toContain('`/result/tools/0/inputSchema`');
    // The violations list names `malformed` only (`extras` sent nothing the schema refuses).
    expect(summary).not.toMatch(/^- `extras`: \d+ protocol violation/m);
    expect(summary).toMatch(/^- `malformed`: 3 protocol violations/m);

    const gated = await cli([
      ...args,
      '--fail-on',
      'protocol-violations',
      '--server',
      'malformed',
      '--out',
      join(dir, 'b'),
    ]);
    expect(gated.code).toBe(1);
    expect(gated.stderr).toContain(
      '--fail-on protocol-violations: malformed (3 violation(s) of the MCP schema)',
    );
    const clean = await cli([
      ...args,
      '--fail-on',
      'protocol-violations',
      '--server',
      'extras',
      '--out',
      join(dir, 'c'),
    ]);
    expect(clean.code, clean.stderr).toBe(0);
  }, 240_000);
});
