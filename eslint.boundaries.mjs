// The module boundaries as lint rules (imported by eslint.config.mjs and by
// test/e2e/lint-boundaries.test.ts, which plants violations and expects each to fail).
// ARCHITECTURE.md is the map these rules enforce: its folder table lists the same arrows as
// LAYERS below (test/e2e/architecture-doc.test.ts keeps the two equal).
// The last rule, no import cycles between folders, is not an ESLint rule: it is
// `npm run lint:deps` (scripts/check-folder-cycles.ts, tested by test/e2e/lint-folder-cycles.test.ts).
// In flat config a later block's `no-restricted-imports` replaces an earlier one for the files it
// matches, so every block below lists all the restrictions its files are under.

/**
 * Which folders of src/ each folder of src/ may import (besides itself, packages and
 * fake-central's public index). The entries (action, cli) are left out of every list: the ENTRY
 * rule below says so with its own message. A folder missing here fails
 * test/e2e/architecture-doc.test.ts: add its row here and in ARCHITECTURE.md.
 */
export const LAYERS = {
  common: [],
  trajectory: [],
  github: [],
  scenarios: ['common'],
  conformance: ['common'],
  'fake-central-package': ['resilience'],
  metrics: ['scenarios', 'trajectory'],
  tokens: ['common', 'metrics', 'scenarios', 'trajectory'],
  config: ['common', 'metrics', 'scenarios'],
  servers: ['common', 'config', 'scenarios', 'trajectory'],
  agent: ['metrics', 'scenarios', 'servers', 'trajectory'],
  llm: ['agent', 'common', 'config', 'trajectory'],
  report: ['agent', 'common', 'llm', 'metrics', 'scenarios', 'servers', 'tokens', 'trajectory'],
  'report-io': ['common', 'report'],
  resilience: ['common', 'report', 'scenarios'],
  baseline: ['common', 'report'],
  gate: ['common', 'github', 'metrics', 'report'],
  publish: ['common', 'report', 'scenarios'],
  pin: ['common', 'scenarios'],
  sweep: ['agent', 'common', 'config', 'conformance', 'metrics', 'report', 'servers', 'trajectory'],
  run: [
    'agent',
    'common',
    'config',
    'llm',
    'metrics',
    'report',
    'report-io',
    'resilience',
    'scenarios',
    'servers',
    'sweep',
    'tokens',
    'trajectory',
  ],
};
const ENTRIES = ['action', 'cli'];
const ALL = [...Object.keys(LAYERS), ...ENTRIES];

/**
 * How deep a file of src/ may sit: src/servers/launch/sandbox/x.ts is depth 3. The layer rule is
 * written per depth (an import's `../` count says where it leaves the folder), so a deeper file
 * would escape it: test/e2e/architecture-doc.test.ts fails on one.
 */
export const MAX_DEPTH = 4;
const DEPTHS = Array.from({ length: MAX_DEPTH }, (_, i) => i + 1);

/** The layer rule of one folder, for files `depth` folders below src/ (1: src/run/x.ts). */
function layer(folder, depth) {
  const allowed = new Set([folder, ...LAYERS[folder], ...ENTRIES]);
  const banned = ALL.filter((f) => !allowed.has(f));
  if (banned.length === 0) return [];
  const up = '\\.\\./'.repeat(depth);
  const may =
    LAYERS[folder].length === 0
      ? 'no other folder of src/'
      : `only src/${LAYERS[folder].join(', src/')}`;
  return [
    {
      regex: `^${up}(${banned.join('|')})(/|$)`,
      message: `src/${folder} may import ${may} (ARCHITECTURE.md): move the shared thing down a layer, or pass a function.`,
    },
  ];
}

const ACTIONS = {
  group: ['@actions/*'],
  message: 'Only src/action, src/github and the cache store may import @actions/*.',
};
const ENTRY = {
  regex: '(^|/)(action|cli)/',
  message:
    'Nothing imports from an entry (src/action, src/cli): move what is shared into the core (e.g. src/gate, src/run).',
};
const CLI_FROM_ACTION = {
  regex: '(^|/)cli/',
  message: 'The action entry does not import the CLI entry: share through the core.',
};
const ACTION_FROM_CLI = {
  regex: '(^|/)action/',
  message: 'The CLI entry does not import the action entry: share through the core.',
};
// src/ sees the fake only through its public face: the index, and the fault-plan schema it publishes.
const FAKE_INTERNALS = {
  regex: '(^|/)fake-central/(?!index\\.js$|faults/fault-plan\\.schema\\.json$)',
  message:
    'src/ uses fake-central through its public index (fake-central/index.js): export what you need there.',
};
// Test support (test/helpers/, test servers, fixtures) and test files are for tests: production code
// that imported one would ship it in the bundles and run test code in a bench.
const TEST_SUPPORT = {
  regex: '(^|/)test/|\\.test(\\.js)?$',
  message:
    'Production code never imports test support (test/, *.test.ts): move what both need into src/ (or fake-central/) and let the test import it from there.',
};
const FAKE_OWN = 'fake-central imports only node:* and its own modules.';
const NOT_SRC = { regex: '(^|/)src/', message: `${FAKE_OWN} (never src/)` };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export const boundaries = [
  {
    // Any file of src/ outside the entries (a folder not in LAYERS yet included): no @actions/*,
    // no entry, the fake only through its index. The blocks after it add each folder's layer.
    files: ['src/**/*.ts'],
    ignores: [
      'src/action/**',
      'src/cli/**',
      'src/github/**',
      'src/baseline/actions-cache-store.ts',
      '**/*.test.ts',
    ],
    rules: restrict(ACTIONS, ENTRY, FAKE_INTERNALS, TEST_SUPPORT),
  },
  // The core, one block per folder and depth: no @actions/* (but in the GitHub adapters and the
  // cache store), no entry, the fake only through its index, and the folder's own layer rule.
  ...Object.keys(LAYERS).flatMap((folder) =>
    DEPTHS.map((depth) => {
      const actions = folder === 'github' ? [] : [ACTIONS];
      return {
        files: [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
        ignores: ['**/*.test.ts', 'src/baseline/actions-cache-store.ts'],
        rules: restrict(...actions, ENTRY, FAKE_INTERNALS, TEST_SUPPORT, ...layer(folder, depth)),
      };
    }),
  ),
  {
    // The cache store may use @actions/cache, but no entry.
    files: ['src/baseline/actions-cache-store.ts'],
    rules: restrict(ENTRY, FAKE_INTERNALS, TEST_SUPPORT, ...layer('baseline', 1)),
  },
  {
    files: ['src/cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(ACTIONS, ACTION_FROM_CLI, FAKE_INTERNALS, TEST_SUPPORT),
  },
  {
    files: ['src/action/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(CLI_FROM_ACTION, FAKE_INTERNALS, TEST_SUPPORT),
  },
  {
    // fake-central is a self-contained substrate: node:* and its own files only.
    files: ['fake-central/**/*.ts'],
    ignores: ['fake-central/**/*.test.ts'],
    rules: restrict(NOT_SRC, TEST_SUPPORT, { regex: '^(?!node:|\\.)', message: FAKE_OWN }),
  },
  {
    // The one endpoint-pattern matcher (scenarios, metrics and fault plans) runs its globs on RE2JS:
    // linear-time matching whatever the pattern.
    files: ['fake-central/endpoint-pattern.ts'],
    rules: restrict(NOT_SRC, TEST_SUPPORT, {
      regex: '^(?!node:|\\.|re2js$)',
      message: 'fake-central/endpoint-pattern.ts imports only node:*, its own modules and re2js.',
    }),
  },
  {
    // The other exception: TLS interception needs an X.509 library (and the Reflect polyfill it requires).
    files: ['fake-central/proxy/**/*.ts'],
    ignores: ['fake-central/**/*.test.ts'],
    rules: restrict(NOT_SRC, TEST_SUPPORT, {
      regex: '^(?!node:|\\.|@peculiar/x509$|reflect-metadata$)',
      message:
        'fake-central/proxy imports only node:*, its own modules, @peculiar/x509 and reflect-metadata.',
    }),
  },
];
