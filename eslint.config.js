import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const electronOnly = ['src/main/electron/**', 'src/main/index.ts', 'src/preload/**'];
const childProcessModules = ['node:child_process', 'child_process', 'cross-spawn'];

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'bin/**', '.cache/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Prettier lays code out at 120 columns but leaves comments alone; this keeps them there too.
      // Sentences in strings stay whole (they are searched for and translated as one).
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
  // Tool configs that must be CommonJS (dependency-cruiser's).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Rule 1 of the house style: only the Electron shell may import 'electron'. Rule 13: every child
  // process starts through the one process lifecycle (src/main/services/process); tests may spawn their own.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: electronOnly,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/electron, src/main/index.ts and src/preload may import electron.',
            },
            ...childProcessModules.map((name) => ({
              name,
              message:
                'Start child processes through the process lifecycle (src/main/services/process: launchProcess / ProcessLifecycle.launch).',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/services/process/**', 'src/**/*.test.ts', 'src/test-support/**'],
    ignores: electronOnly,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/electron, src/main/index.ts and src/preload may import electron.',
            },
          ],
        },
      ],
    },
  },
  // The unit tier (vitest.unit.config.ts) starts no process: a test that needs one is named *.integration.test.ts.
  // src/test-support/unit-tier-guard.ts enforces the same at run time, also for processes started indirectly.
  {
    files: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    ignores: ['**/*.integration.test.ts', '**/*.slow.test.ts', ...electronOnly],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only src/main/electron, src/main/index.ts and src/preload may import electron.',
            },
            ...childProcessModules.map((name) => ({
              name,
              message: 'Unit tests start no process: name this file *.integration.test.ts.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: electronOnly.map((glob) => `${glob.replace(/\/\*\*$/, '')}/**/*.test.ts`),
    ignores: ['**/*.integration.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: childProcessModules.map((name) => ({
            name,
            message: 'Unit tests start no process: name this file *.integration.test.ts.',
          })),
        },
      ],
    },
  },
  // The shared contract and pure logic run in every host: no node:, no DOM.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'electron', 'react', 'react-dom'], message: 'src/shared is plain TypeScript.' },
          ],
        },
      ],
    },
  },
);
