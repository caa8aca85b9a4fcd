// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const domainOnly = {
  patterns: [
    {
      group: ['react', 'react-*', 'dexie', 'dexie-*', 'axios', 'comlink', 'jotai', 'jotai/*', 'node:*'],
      message: 'src/domain holds pure rules: no React, Dexie, axios, DOM or Node.',
    },
    { group: ['../*', '!./*'], message: 'src/domain imports only src/domain.' },
  ],
};

// A folder of src/domain (the report engine, src/domain/reports/) may import the rules beside it, nothing further up.
const domainFolderOnly = {
  patterns: [domainOnly.patterns[0], { group: ['../../*'], message: 'src/domain imports only src/domain.' }],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dev-dist/**',
      'coverage/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-exports': [
        'error',
        {
          restrictDefaultExports: {
            direct: true,
            named: true,
            defaultFrom: true,
            namedFrom: true,
            namespaceFrom: true,
          },
        },
      ],
      // Fastify handlers and plugins are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      // Asymmetric matchers (expect.any, expect.objectContaining) are typed `any` by Vitest.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['src/domain/*.ts'], rules: { 'no-restricted-imports': ['error', domainOnly] } },
  { files: ['src/domain/*/**/*.ts'], rules: { 'no-restricted-imports': ['error', domainFolderOnly] } },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/workers/sync/*',
                '!**/workers/sync/api',
                '**/workers/export/*',
                '!**/workers/export/api',
                '**/workers/reports/*',
                '!**/workers/reports/api',
              ],
              message: 'The UI talks to workers only through their typed APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*', '!**/src/domain', '!**/src/domain/*'],
              message: 'The server may import only src/domain of the client.',
            },
          ],
        },
      ],
    },
  },
  { files: ['*.config.{ts,js}'], rules: { 'no-restricted-exports': 'off' } },
  { files: ['eslint.config.js', 'scripts/**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
