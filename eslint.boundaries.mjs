// The module boundaries of ../shared DESIGN.md as lint rules (imported by eslint.config.mjs and by
// test/e2e/lint-boundaries.test.ts, which plants violations and expects each to fail).
// The last of those rules, no import cycles between folders, is not an ESLint rule: it is
// `npm run lint:deps` (scripts/check-folder-cycles.ts, tested by test/e2e/lint-folder-cycles.test.ts).
// In flat config a later block's `no-restricted-imports` replaces an earlier one for the files it
// matches, so every block below lists all the restrictions its files are under.

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
const FAKE_OWN = 'fake-central imports only node:* and its own modules.';
const NOT_SRC = { regex: '(^|/)src/', message: `${FAKE_OWN} (never src/)` };

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export const boundaries = [
  {
    // The core: no @actions/*, no entry.
    files: ['src/**/*.ts'],
    ignores: [
      'src/action/**',
      'src/cli/**',
      'src/github/**',
      'src/baseline/actions-cache-store.ts',
      '**/*.test.ts',
    ],
    rules: restrict(ACTIONS, ENTRY, FAKE_INTERNALS),
  },
  {
    // The GitHub adapters and the cache store may use @actions/*, but no entry.
    files: ['src/github/**/*.ts', 'src/baseline/actions-cache-store.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(ENTRY, FAKE_INTERNALS),
  },
  {
    files: ['src/cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(ACTIONS, ACTION_FROM_CLI, FAKE_INTERNALS),
  },
  {
    files: ['src/action/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict(CLI_FROM_ACTION, FAKE_INTERNALS),
  },
  {
    // fake-central is a self-contained substrate: node:* and its own files only.
    files: ['fake-central/**/*.ts'],
    ignores: ['fake-central/**/*.test.ts'],
    rules: restrict(NOT_SRC, { regex: '^(?!node:|\\.)', message: FAKE_OWN }),
  },
  {
    // The one endpoint-pattern matcher (scenarios, metrics and fault plans) runs its globs on RE2JS:
    // linear-time matching whatever the pattern.
    files: ['fake-central/endpoint-pattern.ts'],
    rules: restrict(NOT_SRC, {
      regex: '^(?!node:|\\.|re2js$)',
      message: 'fake-central/endpoint-pattern.ts imports only node:*, its own modules and re2js.',
    }),
  },
  {
    // The other exception: TLS interception needs an X.509 library (and the Reflect polyfill it requires).
    files: ['fake-central/proxy/**/*.ts'],
    ignores: ['fake-central/**/*.test.ts'],
    rules: restrict(NOT_SRC, {
      regex: '^(?!node:|\\.|@peculiar/x509$|reflect-metadata$)',
      message:
        'fake-central/proxy imports only node:*, its own modules, @peculiar/x509 and reflect-metadata.',
    }),
  },
];
