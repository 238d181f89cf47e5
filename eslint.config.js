import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import checkFile from 'eslint-plugin-check-file';
import importPlugin from 'eslint-plugin-import';

// The web app's features never import each other (docs/architecture.md): one zone a feature.
const FEATURES = 'apps/web/src/features';
const features = readdirSync(new URL(`./${FEATURES}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Infrastructure that owns the /api/ prefix itself (the not-found answer, the API description's own pages). */
const API_PREFIX_OWNERS = ['apps/api/src/plugins/web-app.ts', 'apps/api/src/plugins/api-description.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // Boundaries (decision 020): no import circles, file names in kebab-case.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Dependencies are not parsed for cycles: only our own files can form one.
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,css}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  // The web app: a feature imports no other feature; lib/ and components/ import no feature and no route.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `./${FEATURES}/${name}`,
              from: `./${FEATURES}`,
              except: [`./${name}`],
              message: 'A feature may not import another feature: compose them in a route module (app/routes/).',
            })),
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib/ and components/ are shared by every feature; they import no feature and no route.',
            },
          ],
        },
      ],
    },
  },
  // The API's layers: routes -> service -> repository, and lib/ below them all.
  {
    files: ['apps/api/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service', '**/*.routes', '**/plugins/*', '**/app'],
              message: 'A repository holds queries only: it imports no service, route, plugin or app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.routes', '**/app'],
              message: 'A service is called by routes; it imports no route and not app.ts.',
            },
          ],
        },
      ],
    },
  },
  // Plugins sit below the modules (docs/architecture.md "Layers"): routes register through
  // plugins/route.ts and guard with plugins/auth.ts; a plugin reads at most the accounts core.
  {
    files: ['apps/api/src/plugins/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.service', '**/*.routes', '**/app'],
              message:
                'A plugin sits below the modules: it imports no service, route or app (the accounts repository is the one module file it reads).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/lib/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/plugins/**', '**/app', '**/module-deps'],
              message: 'lib/ is infrastructure below every module: it imports no module, plugin or app.',
            },
          ],
        },
      ],
    },
  },
  // One contract (decision 063): a path of the API is written once, in its declaration in
  // packages/shared/src/contract/; routes and web calls name the declaration ('GET /api/x/:id').
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/test/**',
      '**/*.test-helpers.ts',
      'packages/shared/src/contract/**',
      ...API_PREFIX_OWNERS,
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api\\//]',
          message:
            'Name the endpoint by its declaration in packages/shared/src/contract/ (route() / call()), not by its path.',
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]',
          message:
            'Name the endpoint by its declaration in packages/shared/src/contract/ (route() / call()), not by its path.',
        },
      ],
    },
  },
  // The browser takes only the contract's types: its schemas would bring zod to every page (decision 058).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@hpbc/shared/contract', '@hpbc/shared/contract/*'],
              allowTypeImports: true,
              message: "The web app imports only the contract's types (import type): call() needs no schema.",
            },
            {
              // Modules whose zod schemas the server checks with: their data is in a schema-free
              // sibling the pages import instead (decisions 058 and 121).
              group: [
                '@hpbc/shared/form-one',
                '@hpbc/shared/counterpart-review',
                '@hpbc/shared/company-work',
                '@hpbc/shared/construction-stages',
                '@hpbc/shared/change-reports',
              ],
              allowTypeImports: true,
              message:
                'This module builds zod schemas when it loads: import its data from the schema-free sibling (form-one-fields, counterpart-review-terms, company-work-terms, construction-stage-terms, change-report-terms).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
