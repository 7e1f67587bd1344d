// needs: processes
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const trees: string[] = [];

/** `npm run lint:deps` (the step `npm run lint` ends with) on `root`: exit code and output. */
function lintDeps(root: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      'npm',
      ['run', '--silent', 'lint:deps', '--', root],
      { cwd: REPO, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** A copy of src/ and fake-central/ with the rest of the repository linked in beside it. */
function copyOfTheTree(): string {
  const root = mkdtempSync(join(tmpdir(), 'hpe-cycles-'));
  trees.push(root);
  for (const tree of ['src', 'fake-central']) {
    cpSync(join(REPO, tree), join(root, tree), { recursive: true });
  }
  for (const name of ['node_modules', 'schemas', 'fixtures', 'package.json', 'tsconfig.json']) {
    symlinkSync(join(REPO, name), join(root, name));
  }
  return root;
}

/** The header line of every cycle `output` reports, between folders or between files. */
const cycleHeaders = (output: string, kind: 'folders' | 'files'): string[] =>
  output.split('\n').filter((line) => line.startsWith(`import cycle between ${kind}: `));

/**
 * One copy of the tree with every planted cycle at once, linted once and read by the three tests
 * that follow (each cruise of the whole tree costs 10–15 s). That the check reports each planted
 * cycle and nothing else is held by the exact list of cycle headers, where each test linted its own
 * copy and counted one or two cycles.
 */
let planted: { code: number; output: string };
/** A copy with a relative import to nowhere: the check stops there, before any cycle. */
let unresolved: { code: number; output: string };

beforeAll(async () => {
  const cycles = copyOfTheTree();
  // src/metrics reads the run record in src/trajectory; a type-only import back closes a cycle
  // of the kind agent ⇄ metrics was before the record moved out of src/agent.
  writeFileSync(
    join(cycles, 'src/trajectory/planted.ts'),
    "import type { SafetyFinding } from '../metrics/types.js';\nexport type Planted = SafetyFinding;\n",
  );
  // A top-level file is a unit of its own: src/run ⇄ src/planted.ts, fake-central/state.ts ⇄ faults.
  writeFileSync(
    join(cycles, 'src/planted.ts'),
    "import type { RunBenchPorts } from './run/run-bench.js';\nexport type Planted = RunBenchPorts;\n",
  );
  writeFileSync(
    join(cycles, 'src/run/planted.ts'),
    "import type { Planted } from '../planted.js';\nexport type Back = Planted;\n",
  );
  appendFileSync(
    join(cycles, 'fake-central/state.ts'),
    "\nexport type { FaultInjector } from './faults/fault-injector.js';\n",
  );
  // src/gate/types.ts once took ServerHeadline from server-headlines.ts, which imports types.ts.
  appendFileSync(
    join(cycles, 'src/gate/types.ts'),
    "\nexport type { ServerHeadline as Planted } from './server-headlines.js';\n",
  );
  // The code importing test support: a helper under test/ and a test file (rule 7).
  cpSync(join(REPO, 'test/helpers/report'), join(cycles, 'test/helpers/report'), {
    recursive: true,
  });
  writeFileSync(
    join(cycles, 'src/report/planted.ts'),
    "import { sampleReport } from '../../test/helpers/report/test-report.js';\nexport const planted = sampleReport;\n",
  );
  writeFileSync(
    join(cycles, 'src/gate/planted.ts'),
    "import type { Planted } from './compare-to-baseline.test.js';\nexport type Back = Planted;\n",
  );
  const nowhere = copyOfTheTree();
  writeFileSync(
    join(nowhere, 'src/metrics/planted.ts'),
    "import type { Gone } from '../nowhere/gone.js';\nexport type Planted = Gone;\n",
  );
  // Two processes at once: each mostly one core's work, and the other test worker mostly waits.
  [planted, unresolved] = await Promise.all([lintDeps(cycles), lintDeps(nowhere)]);
}, 240_000);

afterAll(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('npm run lint fails on an import cycle between folders or files', () => {
  it('passes on the repository as it is', async () => {
    const { code, output } = await lintDeps(REPO);
    expect(output).toMatch(
      /^no import cycles between folders of src, fake-central \(\d+ files, \d+ imports\), nor between their files; no import of test support$/m,
    );
    expect(code).toBe(0);
  }, 150_000);

  it('finds the planted cycles and no other', () => {
    expect(planted.code).toBe(1);
    const folders = cycleHeaders(planted.output, 'folders');
    expect(folders).toHaveLength(3);
    expect(folders).toContain('import cycle between folders: src/metrics ⇄ src/trajectory');
    expect(folders).toContain('import cycle between folders: src/planted.ts ⇄ src/run');
    expect(
      folders.filter((h) => /fake-central\/faults ⇄ .*fake-central\/state\.ts/.test(h)),
    ).toHaveLength(1);
    expect(planted.output).toContain('3 import cycle(s) between folders');
    // Between files: the gate's, and the one the re-export from state.ts closes through the
    // fault injector, which imports state.ts (itself, and through its helpers).
    const files = cycleHeaders(planted.output, 'files');
    expect(files).toHaveLength(2);
    expect(
      files.filter((h) => /src\/gate\/server-headlines\.ts ⇄ src\/gate\/types\.ts/.test(h)),
    ).toHaveLength(1);
    expect(
      files.filter((h) =>
        /^import cycle between files: fake-central\/faults\/fault-injector\.ts ⇄ .*fake-central\/state\.ts$/.test(
          h,
        ),
      ),
    ).toHaveLength(1);
    expect(planted.output).toContain('2 import cycle(s) between files');
  });

  it('fails on a planted cycle, naming both folders and the imports that close it', () => {
    const { code, output } = planted;
    expect(code).toBe(1);
    expect(output).toContain('import cycle between folders: src/metrics ⇄ src/trajectory\n');
    expect(output).toContain('  src/trajectory → src/metrics');
    expect(output).toContain(
      '    src/trajectory/planted.ts imports src/metrics/types.ts (type-only)',
    );
    expect(output).toContain('  src/metrics → src/trajectory');
    expect(output).toMatch(
      /^ {4}src\/metrics\/\S+ imports src\/trajectory\/types\.ts \(type-only\)$/m,
    );
  });

  it('treats a top-level file as a unit of its own: src/run ⇄ src/planted.ts, fake-central/state.ts ⇄ faults', () => {
    const { code, output } = planted;
    expect(code).toBe(1);
    expect(output).toContain('import cycle between folders: src/planted.ts ⇄ src/run\n');
    expect(output).toContain('    src/run/planted.ts imports src/planted.ts (type-only)');
    expect(output).toMatch(
      /^import cycle between folders: fake-central\/faults ⇄ .*fake-central\/state\.ts/m,
    );
    expect(output).toContain(
      '    fake-central/state.ts imports fake-central/faults/fault-injector.ts (type-only)',
    );
  });

  it('fails on a planted cycle between two files of one folder (the old shape of the gate types)', () => {
    const { code, output } = planted;
    expect(code).toBe(1);
    // A cycle inside src/gate is no cycle between folders.
    expect(cycleHeaders(output, 'folders').filter((h) => h.includes('src/gate'))).toEqual([]);
    expect(output).toMatch(
      /^import cycle between files: .*src\/gate\/server-headlines\.ts ⇄ src\/gate\/types\.ts/m,
    );
    expect(output).toContain(
      '    src/gate/types.ts imports src/gate/server-headlines.ts (type-only)',
    );
  });

  it('fails on a planted import of test support from the code, naming each import', () => {
    const { code, output } = planted;
    expect(code).toBe(1);
    expect(output).toContain(
      'src/gate/planted.ts imports test support src/gate/compare-to-baseline.test.ts\n',
    );
    expect(output).toContain(
      'src/report/planted.ts imports test support test/helpers/report/test-report.ts\n',
    );
    expect(output).toContain('2 import(s) of test support from the code');
  });

  it('refuses a relative import it cannot resolve rather than miss an edge', () => {
    const { code, output } = unresolved;
    expect(code).toBe(1);
    expect(output).toContain('src/metrics/planted.ts imports ../nowhere/gone.js');
  });
});
