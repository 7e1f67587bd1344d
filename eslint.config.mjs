import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.venv/**',
      '.h2h/**',
      'coverage/**',
      'fixtures/**',
      '**/*.py',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    // Only the action entry, the cache-backed baseline store and the GitHub adapters may touch
    // @actions/*: everything else must run as a plain CLI outside GitHub Actions.
    files: ['src/**/*.ts', 'fake-central/**/*.ts'],
    ignores: ['src/action/**', 'src/github/**', 'src/baseline/actions-cache-store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@actions/*'],
              message: 'Only src/action, src/github and the cache store may import @actions/*.',
            },
          ],
        },
      ],
    },
  },
  {
    // fake-central is a self-contained substrate: node:* and its own files only.
    files: ['fake-central/**/*.ts'],
    ignores: ['fake-central/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../src/*', '../../src/*', '@modelcontextprotocol/*', '@actions/*'],
              message: 'fake-central imports only node:* and its own modules.',
            },
            {
              regex: '^(?!node:|\\.)',
              message: 'fake-central imports only node:* and its own modules.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one exception: TLS interception needs an X.509 library (and the Reflect polyfill it requires).
    files: ['fake-central/proxy/**/*.ts'],
    ignores: ['fake-central/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!node:|\\.|@peculiar/x509$|reflect-metadata$)',
              message:
                'fake-central/proxy imports only node:*, its own modules, @peculiar/x509 and reflect-metadata.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/cli/**', 'scripts/**', 'test/**', 'examples/**', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.test.ts', 'test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
