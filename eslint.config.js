// Lint for the whole tree: typescript-eslint (type-aware rules where they catch real bugs: promises),
// React hooks rules for the web, and the layer boundaries of docs/ARCHITECTURE.md. Formatting is
// Prettier's job (`npm run format`); eslint-config-prettier turns off the rules that would fight it.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaryRules, boundarySettings, testBoundaryRules } from './eslint.boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Unhandled promises are the bugs that cost most in a server: lost errors, unfinished writes.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: boundarySettings,
    rules: boundaryRules,
  },
  {
    // The boundaries apply to apps/ only (packages/ has no layers), so their test rules too. A
    // feature's test-fixtures are test support: they may build on the shared render helpers.
    files: ['apps/**/*.test.{ts,tsx}', 'apps/**/test-fixtures.{ts,tsx}', 'apps/server/test/**', 'apps/web/src/test/**'],
    rules: testBoundaryRules,
  },
  {
    // Server test files share their worker's modules (decision 036): a module mock would leak
    // into the next file. Replace a dependency through AppDeps instead.
    files: ['apps/server/**/*.test.ts', 'apps/server/test/**/*.ts', 'packages/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'doUnmock'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server test files share their modules (decision 036): pass the dependency through AppDeps.',
        })),
      ],
    },
  },
  prettier,
);
