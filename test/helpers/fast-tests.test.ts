import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fastTestFiles, NEEDS_PROCESSES, needsProcesses, testFiles } from './fast-tests.js';
import { forbidProcesses } from './forbid-processes.js';

describe('the test:fast selection', () => {
  it('takes every test file without the marker, wherever it is, and none with it', () => {
    const root = mkdtempSync(join(tmpdir(), 'fast-tests-'));
    const file = (path: string, text: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    for (const dir of ['src', 'fake-central', 'scripts', 'test']) mkdirSync(join(root, dir));
    file('src/servers/pure.test.ts', "import { it } from 'vitest';\n");
    file('test/e2e/reads-files.test.ts', '/** no process */\n');
    file('src/servers/launches.test.ts', `/** doc */\n${NEEDS_PROCESSES}\nimport x;\n`);
    file('test/e2e/cli.test.ts', `${NEEDS_PROCESSES}\n`);
    file('src/servers/helper.ts', `${NEEDS_PROCESSES}\n`);
    expect(testFiles(root)).toEqual([
      'src/servers/launches.test.ts',
      'src/servers/pure.test.ts',
      'test/e2e/cli.test.ts',
      'test/e2e/reads-files.test.ts',
    ]);
    expect(fastTestFiles(root)).toEqual([
      'src/servers/pure.test.ts',
      'test/e2e/reads-files.test.ts',
    ]);
  });

  it('reads the marker as a whole line near the top, not a mention in the code', () => {
    expect(needsProcesses(`${NEEDS_PROCESSES}\n`)).toBe(true);
    expect(needsProcesses(`const s = '${NEEDS_PROCESSES}';\n`)).toBe(false);
    expect(needsProcesses(`${'\n'.repeat(30)}${NEEDS_PROCESSES}\n`)).toBe(false);
  });

  it('finds this repository’s test files and leaves out those that declare processes', () => {
    const root = resolve(import.meta.dirname, '../..');
    const fast = fastTestFiles(root);
    expect(fast).toContain('test/helpers/fast-tests.test.ts');
    expect(fast).not.toContain('src/servers/launch/launch-server.test.ts');
    expect(fast.length).toBeGreaterThan(100);
  });
});

describe('forbidProcesses (test:fast’s setup file)', () => {
  it('makes every way of starting a process throw, naming the command and the marker', () => {
    forbidProcesses();
    const said = `put the line "${NEEDS_PROCESSES}" at the top of its file`;
    expect(() => spawn('node', ['-e', '0'])).toThrow(said);
    expect(() => spawnSync('python3')).toThrow('(spawnSync python3)');
    expect(() => execFile('git', ['status'])).toThrow(said);
  });
});
