// needs: processes
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

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

afterEach(() => {
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

  it('fails on a planted cycle, naming both folders and the imports that close it', async () => {
    const root = copyOfTheTree();
    // src/metrics reads the run record in src/trajectory; a type-only import back closes a cycle
    // of the kind agent ⇄ metrics was before the record moved out of src/agent.
    writeFileSync(
      join(root, 'src/trajectory/planted.ts'),
      "import type { SafetyFinding } from '../metrics/types.js';\nexport type Planted = SafetyFinding;\n",
    );
    const { code, output } = await lintDeps(root);
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
    expect(output).toContain('1 import cycle(s) between folders');
  }, 150_000);

  it('treats a top-level file as a unit of its own: src/run ⇄ src/planted.ts, fake-central/state.ts ⇄ faults', async () => {
    const root = copyOfTheTree();
    writeFileSync(
      join(root, 'src/planted.ts'),
      "import type { RunBenchPorts } from './run/run-bench.js';\nexport type Planted = RunBenchPorts;\n",
    );
    writeFileSync(
      join(root, 'src/run/planted.ts'),
      "import type { Planted } from '../planted.js';\nexport type Back = Planted;\n",
    );
    appendFileSync(
      join(root, 'fake-central/state.ts'),
      "\nexport type { FaultInjector } from './faults/fault-injector.js';\n",
    );
    const { code, output } = await lintDeps(root);
    expect(code).toBe(1);
    expect(output).toContain('import cycle between folders: src/planted.ts ⇄ src/run\n');
    expect(output).toContain('    src/run/planted.ts imports src/planted.ts (type-only)');
    expect(output).toMatch(
      /^import cycle between folders: fake-central\/faults ⇄ .*fake-central\/state\.ts/m,
    );
    expect(output).toContain(
      '    fake-central/state.ts imports fake-central/faults/fault-injector.ts (type-only)',
    );
    expect(output).toContain('2 import cycle(s) between folders');
  }, 150_000);

  it('fails on a planted cycle between two files of one folder (the old shape of the gate types)', async () => {
    const root = copyOfTheTree();
    // src/gate/types.ts once took ServerHeadline from server-headlines.ts, which imports types.ts.
    appendFileSync(
      join(root, 'src/gate/types.ts'),
      "\nexport type { ServerHeadline as Planted } from './server-headlines.js';\n",
    );
    const { code, output } = await lintDeps(root);
    expect(code).toBe(1);
    expect(output).not.toContain('between folders:');
    expect(output).toMatch(
      /^import cycle between files: .*src\/gate\/server-headlines\.ts ⇄ src\/gate\/types\.ts/m,
    );
    expect(output).toContain(
      '    src/gate/types.ts imports src/gate/server-headlines.ts (type-only)',
    );
    expect(output).toContain('1 import cycle(s) between files');
  }, 150_000);

  it('fails on a planted import of test support from the code, naming each import', async () => {
    const root = copyOfTheTree();
    cpSync(join(REPO, 'test/helpers/report'), join(root, 'test/helpers/report'), {
      recursive: true,
    });
    writeFileSync(
      join(root, 'src/report/planted.ts'),
      "import { sampleReport } from '../../test/helpers/report/test-report.js';\nexport const planted = sampleReport;\n",
    );
    writeFileSync(
      join(root, 'src/gate/planted.ts'),
      "import type { Planted } from './compare-to-baseline.test.js';\nexport type Back = Planted;\n",
    );
    const { code, output } = await lintDeps(root);
    expect(code).toBe(1);
    expect(output).toContain(
      'src/gate/planted.ts imports test support src/gate/compare-to-baseline.test.ts\n',
    );
    expect(output).toContain(
      'src/report/planted.ts imports test support test/helpers/report/test-report.ts\n',
    );
    expect(output).toContain('2 import(s) of test support from the code');
  }, 150_000);

  it('refuses a relative import it cannot resolve rather than miss an edge', async () => {
    const root = copyOfTheTree();
    writeFileSync(
      join(root, 'src/metrics/planted.ts'),
      "import type { Gone } from '../nowhere/gone.js';\nexport type Planted = Gone;\n",
    );
    const { code, output } = await lintDeps(root);
    expect(code).toBe(1);
    expect(output).toContain('src/metrics/planted.ts imports ../nowhere/gone.js');
  }, 150_000);
});
