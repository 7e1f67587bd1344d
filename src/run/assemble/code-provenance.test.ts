// needs: processes
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../config/types.js';
import { serverCode } from './code-provenance.js';

const stdio = (args: string[], command = 'python3'): StdioServerConfig =>
  ({ transport: 'stdio', command, args }) as unknown as StdioServerConfig;

const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();

describe('serverCode', () => {
  it('names the checkout HEAD of the code a command runs, and whether it was edited', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'code-prov-'));
    git(repo, 'init', '-q');
    writeFileSync(join(repo, 'server.py'), 'print(1)\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'x');
    const head = git(repo, 'rev-parse', 'HEAD');
    const config = stdio(['-u', 'server.py']);
    expect(await serverCode(config, repo)).toEqual({ path: '.', sha: head, dirty: false });
    writeFileSync(join(repo, 'server.py'), 'print(2)\n');
    expect(await serverCode(config, repo)).toEqual({ path: '.', sha: head, dirty: true });
  });

  it('names the path when it is not a checkout, and nothing for a command on PATH', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'code-prov-'));
    writeFileSync(join(dir, 'server.py'), 'print(1)\n');
    const elsewhere = mkdtempSync(join(tmpdir(), 'code-prov-'));
    expect(await serverCode(stdio([join(dir, 'server.py')]), elsewhere)).toEqual({
      path: dir,
      sha: null,
      dirty: null,
    });
    expect(await serverCode(stdio(['--stdio'], 'some-mcp-server'), dir)).toBeNull();
  });
});
