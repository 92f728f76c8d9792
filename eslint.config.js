import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'media/**',
      'coverage/**',
      '*.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.d.mts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The service worker (Web Push), served as written.
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Features share through components/ and lib/, never with each other (ARCHITECTURE.md §3);
    // routes in app/ compose them. From features/<f>/<dir>/file, '../../x' is another feature.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./(?!\\.\\.)', message: 'features do not import each other' },
            { regex: '/features/', message: 'features do not import each other' },
          ],
        },
      ],
    },
  },
  {
    // The admin console is one feature in areas (features/admin-console/<area>/<dir>/file): its
    // areas share admin-console/shared/; '../../../x' would be another feature.
    files: ['apps/web/src/features/admin-console/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3}(?!\\.\\.)',
              message: 'features do not import each other',
            },
            { regex: '/features/', message: 'features do not import each other' },
          ],
        },
      ],
    },
  },
  // API modules (apps/api/src/modules/<module>/...) reach each other through services and small
  // exported functions, never another module's repository or routes (docs/decisions.md, issue 19).
  // A relative path that climbs out of the file's module and into another one ends in a
  // *.repository or *.routes file: '../x/' from a module's top folder, '../../x/' one folder down.
  ...[1, 2, 3].map((depth) => ({
    files: [`apps/api/src/modules/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth}}[a-z-]+/(.+/)?[^/]+\\.(repository|routes)(\\.js)?$`,
              message:
                "another module's repository or routes: go through its service or an exported function",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/apps\\/api/]',
          message: 'web never imports api',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/*.int.test.ts', 'e2e/**', 'bench/**'],
    rules: {
      // node:test's describe/it return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: ['describe', 'it', 'before', 'after'], package: 'node:test' },
          ],
        },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
