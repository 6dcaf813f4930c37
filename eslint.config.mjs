// House style, checked by `npm run lint` (inside `npm test`). Formatting is Prettier's job.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-*/', 'node_modules/', 'test-results/', 'bench/results/', 'public/', 'test/unit/tools/runner-output/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'simple-import-sort': simpleImportSort },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // Import order: packages first, then ours, each sorted (fixed by `npm run format`).
      'simple-import-sort/imports': ['error', { groups: [['^node:', '^@?\\w', '^\\.']] }],
      'simple-import-sort/exports': 'error',
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Terminal escapes and NUL checks are the point of several regular expressions here.
      'no-control-regex': 'off',
    },
  },
  {
    // The two classic hook rules only: the plugin's `recommended` preset (v7) adds the React Compiler's rules too.
    // React lives in src/ui alone; elsewhere a `use…` name is no hook (the fault harness, tree-sitter's cache).
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Node scripts; the bench and the e2e support also pass callbacks that run in the page.
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'test/e2e/**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        performance: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        window: 'readonly',
      },
    },
  },
);
