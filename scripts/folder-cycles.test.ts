import { describe, expect, it } from 'vitest';
import {
  fileCycles,
  folderCycles,
  formatCycles,
  formatFileCycles,
  testSupportImports,
  unitOf,
  type FileEdge,
} from './folder-cycles.js';

const edge = (from: string, to: string, more: Partial<FileEdge> = {}): FileEdge => ({
  from,
  to,
  typeOnly: false,
  dynamic: false,
  ...more,
});

describe('unitOf', () => {
  it.each([
    ['src/agent/run-agent-loop.ts', 'src/agent'],
    ['src/metrics/discoverability/rank-tools.ts', 'src/metrics'],
    ['src/run-bench.ts', 'src/run-bench.ts'],
    ['src/run/check-options.ts', 'src/run'],
    ['fake-central/faults/fault-injector.ts', 'fake-central/faults'],
    ['fake-central/state.ts', 'fake-central/state.ts'],
    ['schemas/report.schema.json', null],
    ['node_modules/yaml/dist/index.js', null],
    ['test/helpers/fake-api.ts', null],
  ])('%s belongs to %s', (path, unit) => {
    expect(unitOf(path)).toBe(unit);
  });
});

describe('folderCycles', () => {
  it('finds nothing in a layered graph, whatever the number of imports', () => {
    expect(
      folderCycles([
        edge('src/agent/loop.ts', 'src/servers/types.ts'),
        edge('src/agent/loop.ts', 'src/trajectory/types.ts'),
        edge('src/servers/session.ts', 'src/trajectory/types.ts'),
        edge('src/run-bench.ts', 'src/run/check-options.ts'),
        edge('src/run/check-options.ts', 'src/run/run-bench-options.ts'),
      ]),
    ).toEqual([]);
  });

  it('keeps a subfolder inside its top folder: discoverability ↔ metrics is no cycle', () => {
    expect(
      folderCycles([
        edge('src/metrics/score-run.ts', 'src/metrics/discoverability/rank-tools.ts'),
        edge('src/metrics/discoverability/rank-tools.ts', 'src/metrics/types.ts'),
      ]),
    ).toEqual([]);
  });

  it('names the two folders and every import of a two-folder cycle, type-only ones included', () => {
    const cycles = folderCycles([
      edge('src/agent/scripted-policy.ts', 'src/metrics/contains-fact.ts'),
      edge('src/metrics/score-run.ts', 'src/agent/types.ts', { typeOnly: true }),
      edge('src/metrics/discoverability/tool-terms.ts', 'src/agent/types.ts', { typeOnly: true }),
      edge('src/metrics/score-run.ts', 'src/scenarios/types.ts'),
    ]);
    expect(cycles).toEqual([
      {
        units: ['src/agent', 'src/metrics'],
        edges: [
          {
            from: 'src/agent',
            to: 'src/metrics',
            files: [edge('src/agent/scripted-policy.ts', 'src/metrics/contains-fact.ts')],
          },
          {
            from: 'src/metrics',
            to: 'src/agent',
            files: [
              edge('src/metrics/discoverability/tool-terms.ts', 'src/agent/types.ts', {
                typeOnly: true,
              }),
              edge('src/metrics/score-run.ts', 'src/agent/types.ts', { typeOnly: true }),
            ],
          },
        ],
      },
    ]);
  });

  it('sees a top-level file and a folder as two units (src/run-bench.ts ↔ src/run)', () => {
    const cycles = folderCycles([
      edge('src/run-bench.ts', 'src/run/check-options.ts'),
      edge('src/run/check-options.ts', 'src/run-bench.ts', { typeOnly: true }),
    ]);
    expect(cycles.map((c) => c.units)).toEqual([['src/run', 'src/run-bench.ts']]);
  });

  it('finds a long cycle as one component, and separate cycles apart, dynamic imports included', () => {
    const cycles = folderCycles([
      edge('src/config/types.ts', 'src/llm/prices.ts'),
      edge('src/llm/resolve-policy.ts', 'src/agent/run-agent-loop.ts'),
      edge('src/agent/loop.ts', 'src/servers/types.ts'),
      edge('src/servers/launch.ts', 'src/config/types.ts', { dynamic: true }),
      edge('src/servers/launch.ts', 'src/errors.ts'),
      edge('fake-central/state.ts', 'fake-central/faults/fault-injector.ts'),
      edge('fake-central/faults/fault-injector.ts', 'fake-central/state.ts'),
    ]);
    expect(cycles.map((c) => c.units)).toEqual([
      ['fake-central/faults', 'fake-central/state.ts'],
      ['src/agent', 'src/config', 'src/llm', 'src/servers'],
    ]);
    expect(cycles[1]?.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
      'src/agent>src/servers',
      'src/config>src/llm',
      'src/llm>src/agent',
      'src/servers>src/config',
    ]);
  });

  it('prints each cycle with its folders and import lines', () => {
    const text = formatCycles(
      folderCycles([
        edge('src/run-bench.ts', 'src/run/fake-pool.ts'),
        edge('src/run/check-options.ts', 'src/run-bench.ts', { typeOnly: true }),
        edge('src/run/load.ts', 'src/run-bench.ts', { dynamic: true }),
      ]),
    );
    expect(text).toBe(
      [
        'import cycle between folders: src/run ⇄ src/run-bench.ts',
        '  src/run → src/run-bench.ts',
        '    src/run/check-options.ts imports src/run-bench.ts (type-only)',
        '    src/run/load.ts imports src/run-bench.ts (dynamic)',
        '  src/run-bench.ts → src/run',
        '    src/run-bench.ts imports src/run/fake-pool.ts',
      ].join('\n'),
    );
  });
});

describe('fileCycles', () => {
  it('finds a type-only cycle inside one folder, which the folder check cannot see', () => {
    const edges = [
      edge('src/gate/types.ts', 'src/gate/server-headlines.ts', { typeOnly: true }),
      edge('src/gate/server-headlines.ts', 'src/gate/types.ts', { typeOnly: true }),
      edge('src/gate/server-headlines.ts', 'src/gate/rule-kit.ts'),
      edge('src/gate/rule-kit.ts', 'src/report/types.ts', { typeOnly: true }),
    ];
    expect(folderCycles(edges)).toEqual([]);
    const cycles = fileCycles(edges);
    expect(cycles.map((c) => c.files)).toEqual([
      ['src/gate/server-headlines.ts', 'src/gate/types.ts'],
    ]);
    expect(formatFileCycles(cycles).split('\n')).toEqual([
      'import cycle between files: src/gate/server-headlines.ts ⇄ src/gate/types.ts',
      '    src/gate/server-headlines.ts imports src/gate/types.ts (type-only)',
      '    src/gate/types.ts imports src/gate/server-headlines.ts (type-only)',
    ]);
  });

  it('finds a longer cycle across folders, and nothing in a chain or outside the trees', () => {
    expect(
      fileCycles([
        edge('src/a/x.ts', 'src/b/y.ts'),
        edge('src/b/y.ts', 'src/c/z.ts', { dynamic: true }),
        edge('src/c/z.ts', 'src/a/x.ts'),
        edge('src/c/z.ts', 'node_modules/yaml/dist/index.js'),
      ]).map((c) => c.files),
    ).toEqual([['src/a/x.ts', 'src/b/y.ts', 'src/c/z.ts']]);
    expect(
      fileCycles([
        edge('src/a/x.ts', 'src/a/y.ts'),
        edge('src/a/y.ts', 'src/a/z.ts'),
        edge('test/a.ts', 'test/b.ts'),
        edge('test/b.ts', 'test/a.ts'),
      ]),
    ).toEqual([]);
  });
});

describe('testSupportImports', () => {
  it('names each import of test/ or a *.test.ts file from the code, and nothing else', () => {
    expect(
      testSupportImports([
        edge('src/report/x.ts', 'test/helpers/report/test-report.ts'),
        edge('fake-central/state.ts', 'fake-central/state.test.ts', { typeOnly: true }),
        edge('src/gate/a.ts', 'src/gate/b.ts'),
        edge('src/gate/a.test.ts', 'test/helpers/gate/variant-report.ts'),
        edge('test/helpers/report/test-report.ts', 'src/report/build-report.ts'),
        edge('scripts/x.ts', 'test/helpers/fake-api.ts'),
      ]).map((e) => `${e.from} -> ${e.to}`),
    ).toEqual([
      'fake-central/state.ts -> fake-central/state.test.ts',
      'src/report/x.ts -> test/helpers/report/test-report.ts',
    ]);
  });
});
