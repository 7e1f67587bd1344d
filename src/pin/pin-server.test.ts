// needs: processes
/**
 * `hpe-mcp-bench pin` on a real git repository made here: a server whose cited lines move
 * between two commits (lines inserted above them, one cited line deleted, a file renamed), and a
 * bench tree citing it from a scenario, the classification file and the head-to-head workflow.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/io.js';
import { runCli } from '../cli/main.js';
import { TEST_ROOT } from '../../test/helpers/scenarios/helpers.js';

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

async function write(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

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

const lines = (n: number, prefix: string): string =>
  Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`).join('\n') + '\n';

/** tools.py at the old commit: `def find_client` on line 4, `return page` on line 6. */
const TOOLS_OLD = [
  'import json',
  '',
  '# clients',
  'def find_client(mac):',
  '    page = get("/clients", limit=1000)',
  '    return page',
  '',
  'def list_wlans():',
  '    return get("/wlans")',
  '',
].join('\n');
/** Three lines inserted above; `return page` deleted; the rest unchanged. */
const TOOLS_NEW = [
  'import json',
  'import os',
  'import sys',
  'import re',
  '',
  '# clients',
  'def find_client(mac):',
  '    page = get("/clients", limit=20)',
  '',
  'def list_wlans():',
  '    return get("/wlans")',
  '',
].join('\n');

let repo: string;
let root: string;
let oldSha: string;
let newSha: string;

const scenario = (evidence: string) => `# yaml-language-server: $schema=./scenario.schema.json
id: ok-001
intent: Why can the lobby kiosk not join the Corp WLAN?
platform: central
fixture: fixtures/central/tiny
write_gate: read
expected_tools:
  srv: [central_find_client]
expect:
  api_calls: [GET /network-monitoring/v1/clients/*]
  must_not_call: [POST /network-config/**]
  facts:
    clientMac: 3c:a6:2f:11:22:33
${evidence}
plans:
  srv:
    - tool: central_find_client
      arguments: { mac: 3c:a6:2f:11:22:33 }
`;

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'pin-server-'));
  git(repo, 'init', '-q', '-b', 'main');
  await write(repo, {
    'src/tools.py': TOOLS_OLD,
    'src/old_name.py': lines(12, 'line'),
    'pyproject.toml': '[project]\nname = "srv"\nversion = "1.0.0"\n',
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'one');
  oldSha = git(repo, 'rev-parse', 'HEAD');
  git(repo, 'mv', 'src/old_name.py', 'src/new_name.py');
  await write(repo, {
    'src/tools.py': TOOLS_NEW,
    'src/new_name.py': 'header\n' + lines(12, 'line'),
    'pyproject.toml': '[project]\nname = "srv"\nversion = "1.1.0"\n',
  });
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'two');
  newSha = git(repo, 'rev-parse', 'HEAD');

  const short = oldSha.slice(0, 7);
  root = await mkdtemp(join(tmpdir(), 'pin-root-'));
  await write(root, {
    'scenarios/compared-servers.yml': `# the compared set
servers:
  srv:
    kind: github
    repo: acme/srv
    commit: ${oldSha}
    version: 1.0.0
    notes: >-
      A test server,
      folded over two lines.
`,
    'scenarios/clients.yaml': scenario(
      `evidence:\n  srv:\n    - src/tools.py:4@${oldSha}\n    - src/tools.py:6@${short}\n    - src/old_name.py:5-7@${short}`,
    ),
    'docs/benchmark-classification.yml': `classifications:
  - server: srv
    scenario: ok-001
    class: server-limitation
    summary: asks for one page.
    evidence:
      - src/tools.py:5@${short}
  - server: other
    scenario: ok-001
    class: server-bug
    summary: not this server's.
    evidence:
      - src/tools.py:5@${short}
`,
    '.github/workflows/head-to-head.yml': `jobs:
  h2h:
    steps:
      - name: srv at its pinned commit
        uses: actions/checkout@v4
        with:
          repository: acme/srv
          ref: ${oldSha}
          path: .h2h/srv
      - name: another
        with:
          repository: acme/other
          ref: ${oldSha}
`,
  });
});

describe('hpe-mcp-bench pin', () => {
  it('moves the pin, the version, the workflow ref and every citation it can find', async () => {
    const run = await cli(
      ['pin', 'srv', newSha.slice(0, 10), '--repo', repo, '--root', root],
      root,
    );
    expect(run.code).toBe(0);
    const n = newSha.slice(0, 7);
    const servers = await readFile(join(root, 'scenarios/compared-servers.yml'), 'utf8');
    expect(servers).toBe(`# the compared set
servers:
  srv:
    kind: github
    repo: acme/srv
    commit: ${newSha}
    version: 1.1.0
    notes: >-
      A test server,
      folded over two lines.
`);
    const suite = await readFile(join(root, 'scenarios/clients.yaml'), 'utf8');
    expect(suite).toContain(`    - src/tools.py:7@${newSha}\n`);
    expect(suite).toContain(
      `    - src/tools.py:6@${oldSha.slice(0, 7)} # unanchored at ${n}: line 6 of src/tools.py changed or deleted by ${n} (was: return page)\n`,
    );
    expect(suite).toContain(`    - src/new_name.py:6-8@${n}\n`);
    const classification = await readFile(join(root, 'docs/benchmark-classification.yml'), 'utf8');
    // The changed line is found by content only if it is unchanged: `limit=1000` became 20.
    expect(classification).toMatch(
      new RegExp(
        `- src/tools.py:5@${oldSha.slice(0, 7)} # unanchored at ${n}: line 5 of src/tools.py changed or deleted by ${n}`,
      ),
    );
    // Another server's citation is left alone.
    expect(
      classification.match(new RegExp(`src/tools.py:5@${oldSha.slice(0, 7)}\\n`, 'g')),
    ).toHaveLength(1);
    const workflow = await readFile(join(root, '.github/workflows/head-to-head.yml'), 'utf8');
    expect(workflow).toContain(`repository: acme/srv\n          ref: ${newSha}\n`);
    expect(workflow).toContain(`repository: acme/other\n          ref: ${oldSha}\n`);
    expect(run.stdout).toContain(
      `srv: ${oldSha.slice(0, 12)} → ${newSha.slice(0, 12)} (version 1.0.0 → 1.1.0)`,
    );
    expect(run.stdout).toContain(
      `  scenarios/clients.yaml:16: src/tools.py:4@${oldSha} → src/tools.py:7@${newSha}`,
    );
    expect(run.stdout).toMatch(/unanchored: scenarios\/clients\.yaml:17: .*changed or deleted by/);
    expect(run.stdout).toContain('2 citation(s) re-anchored, 2 unanchored');
  });

  it('then validate passes with the unanchored lines as warnings', async () => {
    const run = await cli(
      [
        'validate',
        join(root, 'scenarios'),
        '--root',
        TEST_ROOT,
        '--servers',
        join(root, 'scenarios/compared-servers.yml'),
      ],
      root,
    );
    expect(run.stdout).toMatch(
      /^warning: .*clients\.yaml:17:7: \/evidence\/srv\/1: "src\/tools\.py:6@\w+" is not at the pinned commit of srv \(unanchored at \w+: line 6 .*marked by hpe-mcp-bench pin/m,
    );
    expect(run.stdout).toContain('1 scenario in 1 suite: ok, 1 warning');
    expect(run.code).toBe(0);
  });

  it('refuses bad input with the fix: an unknown server, a commit not in the repo, a non-repo', async () => {
    const unknown = await cli(['pin', 'srvv', newSha, '--repo', repo, '--root', root], root);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown server "srvv" in scenarios/compared-servers.yml');
    expect(unknown.stderr).toContain('srv');
    const missing = await cli(['pin', 'srv', 'deadbeef', '--repo', repo, '--root', root], root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`deadbeef is not a commit in ${repo}`);
    expect(missing.stderr).toContain(`git -C ${repo} fetch origin deadbeef`);
    const notRepo = await cli(['pin', 'srv', newSha, '--repo', root, '--root', root], root);
    expect(notRepo.code).toBe(2);
    expect(notRepo.stderr).toContain(`--repo ${root} is not a git checkout`);
    const usage = await cli(['pin', 'srv'], root);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('pin needs NAME COMMIT --repo DIR');
  });
});
