// House style, checked by `npm run lint` (inside `npm test`). Formatting is Prettier's job.
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'bench/results/', 'public/', 'test/unit/tools/runner-output/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      'import-x/order': ['error', { groups: ['builtin', 'external', ['internal', 'parent', 'sibling', 'index']], 'newlines-between': 'never' }],
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Terminal escapes and NUL checks are the point of several regular expressions here.
      'no-control-regex': 'off',
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
