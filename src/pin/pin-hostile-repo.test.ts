// needs: processes
/**
 * `hpe-mcp-bench pin` (the CLI as its own process) on a hostile checkout: its `.git/config`
 * names a program for every hook git offers on a diff or a show (`diff.external`, a textconv and
 * an external diff driver picked by `.gitattributes`, `core.fsmonitor`, `core.pager`, a
 * signature program), and its pyproject.toml declares a version with `": "` in it. Nothing may
 * run, the citation must move by the real diff, and compared-servers.yml must still load.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../test/helpers/run-cli.js';
import { loadComparedServers } from '../scenarios/compared-servers.js';

const git = (dir: string, ...args: string[]): string =>
  execFileSync('git', ['-C', dir, ...args], {
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: tmpdir(),
    },
  }).trim();

async function write(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

const body = (extra: string[]) =>
  ['import json', ...extra, '', 'def find_client(mac):', '    return get("/clients")', ''].join(
    '\n',
  );

let repo: string;
let root: string;
let marker: string;
let oldSha: string;
let newSha: string;

beforeAll(async () => {
  const base = await mkdtemp(join(tmpdir(), 'pin-hostile-'));
  repo = join(base, 'repo');
  root = join(base, 'root');
  marker = join(base, 'ran');
  const program = join(base, 'planted.sh');
  // Each planted program notes which hook ran it, then answers nothing (an empty diff).
  await writeFile(program, `#!/bin/sh\necho "$0 $*" >> '${marker}'\nexit 0\n`);
  await chmod(program, 0o755);
  await mkdir(repo);
  git(repo, 'init', '-q', '-b', 'main');
  await write(repo, {
    'src/tools.py': body([]),
    'pyproject.toml': '[project]\nname = "srv"\nversion = "1.0.0"\n',
    '.gitattributes': '* diff=planted\n',
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'one');
  oldSha = git(repo, 'rev-parse', 'HEAD');
  await write(repo, {
    'src/tools.py': body(['import os', 'import sys']),
    'pyproject.toml': '[project]\nname = "srv"\nversion = "2.0.0: hotfix # not a comment"\n',
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'two');
  newSha = git(repo, 'rev-parse', 'HEAD');
  for (const [key, value] of [
    ['diff.external', `${program} diff.external`],
    ['diff.planted.textconv', `${program} textconv`],
    ['diff.planted.command', `${program} diff-driver`],
    ['core.fsmonitor', `${program} fsmonitor`],
    ['core.pager', `${program} pager`],
    ['log.showSignature', 'true'],
    ['gpg.program', `${program} gpg`],
    ['core.hooksPath', base],
  ] as const)
    git(repo, 'config', key, value);
  await write(root, {
    'scenarios/compared-servers.yml': `servers:
  srv:
    kind: github
    repo: acme/srv
    commit: ${oldSha}
    version: 1.0.0
    notes: a test server.
`,
    'docs/benchmark-classification.yml': `classifications:
  - server: srv
    scenario: ok-001
    class: server-limitation
    summary: reads every client.
    evidence:
      - src/tools.py:4@${oldSha.slice(0, 7)}
`,
  });
}, 60_000);

describe('hpe-mcp-bench pin on a hostile checkout', { timeout: 60_000 }, () => {
  it('runs none of the repository’s programs, re-anchors by the real diff, writes YAML that loads', async () => {
    const run = await spawnCli(['pin', 'srv', newSha, '--repo', repo, '--root', root]);
    expect(existsSync(marker) ? await readFile(marker, 'utf8') : '').toBe('');
    expect(run.code, run.stderr).toBe(0);
    // Two lines inserted above `def find_client`: line 4 is line 6 now.
    const classification = await readFile(join(root, 'docs/benchmark-classification.yml'), 'utf8');
    expect(classification).toContain(`      - src/tools.py:6@${newSha.slice(0, 7)}\n`);
    const loaded = await loadComparedServers(join(root, 'scenarios/compared-servers.yml'));
    expect(loaded.errors).toEqual([]);
    const srv = loaded.servers.find((s) => s.name === 'srv');
    expect(srv?.version).toBe('2.0.0: hotfix # not a comment');
    expect(srv?.commit).toBe(newSha);
  });
});
