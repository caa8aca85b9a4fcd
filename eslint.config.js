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

// A folder two deep (src/domain/imports/spreadsheet/) reaches src/domain with two steps up, nothing further.
const domainSubfolderOnly = {
  patterns: [
    domainOnly.patterns[0],
    { group: ['../../../*'], message: 'src/domain imports only src/domain.' },
  ],
};

// The layers of the client, lowest first (docs/architecture.md §2): a layer imports only the layers below it and
// itself. src/domain has its own rules above; src/app, the top, composes and may import every layer.
const SERVICES = ['db', 'api', 'session', 'sync', 'export', 'files'];
const ABOVE_SERVICES = ['platform', 'ui', 'features', 'app'];

/** What each folder of src must not import: the layers above it (and, for the services, the peers beside it). */
const FORBIDDEN = {
  db: [...SERVICES.slice(1), ...ABOVE_SERVICES],
  api: [...SERVICES.slice(2), ...ABOVE_SERVICES],
  session: [...SERVICES.slice(3), ...ABOVE_SERVICES],
  sync: ['export', 'files', ...ABOVE_SERVICES],
  export: ['sync', 'files', ...ABOVE_SERVICES],
  files: ['sync', 'export', ...ABOVE_SERVICES],
  platform: ['ui', 'features', 'app'],
  ui: ['features', 'app'],
  features: ['app'],
  app: [],
};

// Every file of src (but src/domain) talks to a worker only through its typed API.
const workerInternals = {
  group: [
    '**/workers/sync/*',
    '!**/workers/sync/api',
    '**/workers/export/*',
    '!**/workers/export/api',
    '**/workers/reports/*',
    '!**/workers/reports/api',
  ],
  message: 'The UI talks to workers only through their typed APIs.',
};

// A relative import that climbs into another area: one `../` then a folder (`../bills/…` from src/features/<area>).
const OTHER_AREA = '^\\.\\./[^./]';

/** The import patterns that climb out of `folder`: a relative path that ends in a forbidden layer's folder. */
function climbing(folder) {
  const names = FORBIDDEN[folder];
  return names.length === 0 ? [] : [{ regex: `^(\\.\\./)+(${names.join('|')})/`, names }];
}

/** The rules of one folder of src: static imports (no-restricted-imports) and `import()` (no-restricted-syntax). */
function layerBlock(folder) {
  const patterns = climbing(folder).map(({ regex, names }) => ({
    regex,
    message: `src/${folder} must not import ${names.map((name) => `src/${name}`).join(', ')}: a layer imports only the layers below it (docs/architecture.md §2).`,
  }));
  const dynamic = climbing(folder).map(({ regex, names }) => ({
    selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
    message: `src/${folder} must not load ${names.map((name) => `src/${name}`).join(', ')} (docs/architecture.md §2).`,
  }));
  if (folder === 'db') {
    // The device's writes name their synced write; its method and path come from src/domain/syncedWrites.ts.
    const message =
      'src/db holds no REST path: queue a write by its name in SYNCED_WRITES (docs/architecture.md §4).';
    dynamic.push(
      { selector: 'Literal[value=/^\\x2Fapi\\x2F/]', message },
      { selector: 'TemplateElement[value.raw=/^\\x2Fapi\\x2F/]', message },
    );
  }
  if (folder === 'features') {
    const message =
      'An area never imports another area: shared things live in src/ui or src/platform (docs/architecture.md §2).';
    patterns.push({ regex: OTHER_AREA, message });
    dynamic.push({
      selector: `ImportExpression[source.value=/${OTHER_AREA.replaceAll('/', '\\x2F')}/]`,
      message,
    });
  }
  return {
    files: [`src/${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [workerInternals, ...patterns] }],
      ...(dynamic.length > 0 ? { 'no-restricted-syntax': ['error', ...dynamic] } : {}),
    },
  };
}

// The workers run beside the services: domain, db and the services, never what draws the page.
const workerOnly = {
  regex: '^(\\.\\./)+src/(platform|ui|features|app)/',
  message:
    'workers/ may import src/domain, src/db and the services, never src/platform, ui, features or app (docs/architecture.md §2).',
};

const layerBlocks = [
  ...Object.keys(FORBIDDEN).map(layerBlock),
  {
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [workerOnly] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression[source.value=/${workerOnly.regex.replaceAll('/', '\\x2F')}/]`,
          message: workerOnly.message,
        },
      ],
    },
  },
];

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
  { files: ['src/domain/*/*/**/*.ts'], rules: { 'no-restricted-imports': ['error', domainSubfolderOnly] } },
  ...layerBlocks,
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
