import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { layerRules } from './eslint.layers.js'
import { serverRules, SERVER_RESTRICTED_SYNTAX, MISSING_ENGINE_GLOBALS } from './eslint.server.js'
import { pocketBaseGlobals } from './scripts/pb-globals.js'

const UI_AND_IO = [
  'react',
  'react-*',
  'react/*',
  'react-dom',
  'react-dom/*',
  'dexie',
  'dexie-*',
  'pocketbase',
  'workbox-*',
  'virtual:*',
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-*',
      '.e2e',
      'node_modules',
      'pb_data',
      'pb_hooks/generated',
      '.pb-types',
      'test-results',
      'playwright-report',
      'mail-dev',
      'tests/lint-fixtures',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // One-way layers (docs/decisions/005-layer-boundaries.md): see eslint.layers.js.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.app.json' })],
    },
    rules: layerRules(import.meta.dirname),
  },
  {
    // The audit engine is pure: the browser and the server (goja) both run it.
    files: ['src/audit/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: UI_AND_IO,
              message: 'src/audit/ is pure: no React, Dexie, PocketBase or browser I/O.',
            },
            {
              group: [
                '**/offline/**',
                '**/backend/**',
                '**/features/**',
                '**/components/**',
                '**/app/**',
              ],
              message: 'src/audit/ imports nothing from the app.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'indexedDB',
        'fetch',
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass time in; the engine is pure.' },
        { object: 'Math', property: 'random', message: 'Pass randomness in; the engine is pure.' },
      ],
    },
  },
  {
    // The audit's own code loads with its first paint and takes only the questionnaire of the
    // engine (src/audit/questionnaire.ts); the recommendations' texts and the payoff model come
    // with the report's code (AuditReport.tsx and TopRecommendations.tsx), loaded when idle.
    files: ['src/features/audit/**/*.{ts,tsx}'],
    ignores: ['src/features/audit/AuditReport.tsx', 'src/features/audit/TopRecommendations.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/audit(/(index|recommendations|payoff))?$',
              message:
                "Import from '../../audit/questionnaire': the rest of the engine comes with the report's code.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'scripts/**/*.mjs',
      'scripts/*.js',
      'eslint.config.js',
      'eslint.layers.js',
      'eslint.server.js',
    ],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
  },
  {
    // The server (server/, docs/decisions/030-server-code-in-typescript.md): areas one way,
    // imports only through each area's index.ts, nothing the engine lacks (eslint.server.js).
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...pocketBaseGlobals(), console: 'readonly' } },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'tsconfig.server.json' }),
      ],
    },
    rules: {
      ...serverRules(import.meta.dirname),
      'no-restricted-globals': ['error', ...MISSING_ENGINE_GLOBALS],
      'no-restricted-syntax': ['error', ...SERVER_RESTRICTED_SYNTAX],
      // The input checks and the mail escaping look for control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // The service worker's own script (public/push-handler.js, imported by the generated /sw.js):
    // plain JavaScript with the worker's globals; its types are checked by tsconfig.sw.json.
    files: ['public/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: 'script',
      globals: { ...globals.serviceworker },
    },
    rules: { 'no-unused-vars': ['error', { caughtErrorsIgnorePattern: '^_' }] },
  },
  {
    // The entry table and the migrations: plain scripts PocketBase loads, with its globals
    // ($app, routerAdd, migrate, ...) read from the declarations it generates (scripts/pb-types.mjs).
    files: ['pb_hooks/*.pb.js', 'pb_migrations/**/*.js', 'tests/integration/support/hooks/*.js'],
    extends: [js.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'script',
      globals: { ...pocketBaseGlobals(), console: 'readonly', require: 'readonly' },
    },
    rules: {
      'no-unused-vars': ['error', { caughtErrorsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
      // They reach the server's code only through its bundle.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='require']:not([arguments.0.type='TemplateLiteral'][arguments.0.quasis.0.value.raw=''][arguments.0.quasis.1.value.raw='/generated/server.cjs'])",
          message:
            'Reach the server only through its bundle: require(`${__hooks}/generated/server.cjs`).',
        },
      ],
    },
  },
)
